import type { ButtonHTMLAttributes, Ref } from 'react';

export type IconTone = 'fg' | 'muted' | 'accent' | 'plain';

const tones: Record<IconTone, string> = {
  /** The shell's bars: menu, theme, close. */
  fg: 'rounded-xl text-fg hover:bg-surface-2 focus-visible:bg-surface-2',
  /** Inside a field (the header search). */
  muted: 'text-muted hover:text-fg',
  /** A copy button beside a code or an account number. */
  accent: 'rounded-lg text-accent hover:bg-accent/15',
  /** A round target whose look is its content (a slider's dot). */
  plain: 'rounded-full',
};

/** A 44 px square for an icon; the class alone for a link that must look the same. */
export function iconButtonClass(tone: IconTone = 'fg'): string {
  return `inline-flex size-11 shrink-0 items-center justify-center transition-colors ${tones[tone]}`;
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Icons are decoration: the button must be named. */
  'aria-label': string;
  tone?: IconTone;
  ref?: Ref<HTMLButtonElement>;
};

export function IconButton({ tone = 'fg', type = 'button', className = '', ...props }: IconButtonProps) {
  return <button type={type} className={`${iconButtonClass(tone)}${className ? ` ${className}` : ''}`} {...props} />;
}
