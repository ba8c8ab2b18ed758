import type { ReactNode } from 'react';

/** An empty or failed section: one line of text in a quiet card. */
export function CatalogMessage({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'danger' }) {
  return (
    <p
      role={tone === 'danger' ? 'alert' : undefined}
      className={`rounded-2xl border border-line bg-surface p-6 text-center ${tone === 'danger' ? 'text-danger' : 'text-muted'}`}
    >
      {children}
    </p>
  );
}
