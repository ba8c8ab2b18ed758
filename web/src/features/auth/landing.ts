import type { User } from '@raseed/contract';
import { paths } from '@/lib/paths';

/** Where a sign-in began: the route guard's `from` location, carried through the two-factor step. */
export type SignInOrigin = { pathname: string; search?: string; hash?: string } | undefined;

/** Reads the guard's `{ from }` out of a router location's state, whatever else it holds. */
export function originOf(state: unknown): SignInOrigin {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null || typeof (from as { pathname?: unknown }).pathname !== 'string') {
    return undefined;
  }
  return from as SignInOrigin;
}

/**
 * Where a fresh sign-in lands. An operator works in the console: the `/admin/…` page they asked
 * for, else `/admin`. A customer keeps the spec's `/`, whatever page sent them to sign in.
 */
export function landingAfterSignIn(user: Pick<User, 'role'>, origin: SignInOrigin): string {
  if (user.role !== 'operator') return paths.home;
  const asked = origin?.pathname ?? '';
  if (asked === '/admin' || asked.startsWith('/admin/')) return `${asked}${origin?.search ?? ''}${origin?.hash ?? ''}`;
  return '/admin';
}
