import type { ReactNode } from 'react';

/** An empty or failed section: one line of text in a quiet card. */
export function CatalogMessage({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'danger' }) {
  const color = tone === 'danger' ? 'text-danger' : 'text-muted';
  return (
    <p
      role={tone === 'danger' ? 'alert' : undefined}
      className={`rounded-2xl border border-line bg-surface p-6 text-center ${color}`}
    >
      {children}
    </p>
  );
}
