import type { ButtonHTMLAttributes } from 'react';

/**
 * A small card to tap that fills something in (a saved player): a title over a detail line,
 * stacked and aligned to the start.
 */
export function TileButton({ type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={
        'inline-flex min-h-11 flex-col items-start justify-center rounded-xl border ' +
        'border-line bg-surface-2 px-4 py-1 text-start text-sm hover:border-accent'
      }
      {...props}
    />
  );
}
