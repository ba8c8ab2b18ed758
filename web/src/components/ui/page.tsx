import type { ReactNode } from 'react';

type PageProps = {
  title: string;
  /** Optional line under the heading (e.g. a count or a hint). */
  description?: ReactNode;
  /** Controls placed at the end of the heading row (e.g. a search box). */
  actions?: ReactNode;
  children?: ReactNode;
};

/** Every screen starts with one <h1>, which screen readers and Lighthouse expect. */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <section className="mx-auto w-full max-w-6xl animate-fade-in" aria-labelledby="page-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold text-fg md:text-3xl">
            {title}
          </h1>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
