import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'danger-solid' | 'ghost' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 rounded-lg px-3 text-sm',
  md: 'min-h-11 rounded-xl px-4 py-2',
  lg: 'h-12 rounded-xl px-5',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent font-bold text-accent-fg hover:bg-accent-strong',
  secondary: 'border border-line bg-surface-2 font-bold text-fg hover:border-accent',
  /** The secondary look on a raised surface: the border alone. */
  outline: 'border border-line font-bold text-fg hover:border-accent',
  danger: 'border border-danger font-bold text-danger hover:bg-danger-bg',
  /** The confirm button of a step that cannot be undone (a cancel). */
  'danger-solid': 'bg-danger font-bold text-canvas hover:opacity-90',
  /** A small text control inside a strip (pause, show all): no frame until hovered. */
  ghost: 'text-muted hover:bg-surface hover:text-fg',
  /** A disabled stand-in that still reads as a button ("not available"). */
  quiet: 'border border-line bg-surface-2 font-bold text-muted',
};

/**
 * The one set of button looks, for the store and the console. Use `<Button>` for buttons,
 * `buttonClass()` for a link or label that must look like one.
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
  ref?: Ref<HTMLButtonElement>;
};

/** `className` is for placing the button (self-start, shrink-0, a margin), never for another look. */
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
