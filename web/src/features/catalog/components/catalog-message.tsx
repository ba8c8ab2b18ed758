import type { ReactNode } from 'react';
import { surfaceClass } from '@/components/ui/card';

/** An empty or failed section: one line of text in a quiet card. */
export function CatalogMessage({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'danger' }) {
  const color = tone === 'danger' ? 'text-danger' : 'text-muted';
  return (
    <p role={tone === 'danger' ? 'alert' : undefined} className={`${surfaceClass} p-6 text-center ${color}`}>
      {children}
    </p>
  );
}
