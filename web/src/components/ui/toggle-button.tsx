import type { ButtonHTMLAttributes } from 'react';

type ToggleButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> & { pressed: boolean };

/** One of a row of filters that stays pressed while it applies (aria-pressed). */
export function ToggleButton({ pressed, type = 'button', className = '', ...props }: ToggleButtonProps) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={
        'inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-4 py-2 text-sm font-bold ' +
        'text-muted hover:text-fg aria-pressed:border-accent aria-pressed:bg-surface-2 aria-pressed:text-accent' +
        (className ? ` ${className}` : '')
      }
      {...props}
    />
  );
}
