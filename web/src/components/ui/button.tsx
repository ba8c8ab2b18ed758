import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 font-bold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 rounded-lg px-3 text-sm',
  md: 'min-h-11 rounded-xl px-4 py-2',
  lg: 'h-12 rounded-xl px-5',
};
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-strong',
  secondary: 'border border-line bg-surface-2 text-fg hover:border-accent',
  danger: 'border border-danger text-danger hover:bg-danger-bg',
  /** A disabled stand-in that still reads as a button ("not available"). */
  quiet: 'border border-line bg-surface-2 text-muted',
};

/**
 * The one set of button looks. Use `<Button>` for buttons, `buttonClass()` for a link or label
 * that must look like one.
 */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  { size = 'md', block = false }: { size?: ButtonSize; block?: boolean } = {},
): string {
  return `${base} ${sizes[size]} ${variants[variant]}${block ? ' w-full' : ''}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  type = 'button',
  className = '',
  ...props
}: ButtonProps) {
  const classes = `${buttonClass(variant, { size, block })}${className ? ` ${className}` : ''}`;
  return <button type={type} className={classes} {...props} />;
}
