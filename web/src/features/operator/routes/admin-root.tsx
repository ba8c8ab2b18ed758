import { operatorAr } from '../copy-ar';

/**
 * /admin/*: the operator area. Its own chunk (route `lazy` in app/router.tsx), so the storefront
 * bundle customers download holds none of it.
 */
export default function AdminRoot() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold text-fg md:text-3xl">{operatorAr['admin.title']}</h1>
    </main>
  );
}
