import type { HTMLAttributes } from 'react';

/** The store's surface: rounded, bordered, on the raised colour. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/10 ${className}`}
      {...props}
    />
  );
}
