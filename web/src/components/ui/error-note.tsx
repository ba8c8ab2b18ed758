import type { HTMLAttributes } from 'react';

/** What went wrong with a whole form or panel (not one field), on the pale danger colour. */
export function ErrorNote({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
