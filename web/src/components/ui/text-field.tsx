import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export const inputClass =
  'block h-12 w-full rounded-xl border border-line bg-surface-2 px-4 text-fg ' +
  'placeholder:text-muted/80 transition-colors focus:border-accent focus:outline-none ' +
  'aria-[invalid=true]:border-danger';
export const labelClass = 'mb-1.5 block text-sm font-bold text-fg';
export const fieldErrorClass = 'mt-1.5 text-sm text-danger';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the field in place of the hint, and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  /** A control placed beside the input (e.g. the check-player button). */
  addon?: ReactNode;
  /** Ids, phones, links, e-mails, codes and quantities read left to right, aligned to the field's end. */
  ltr?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** The one labelled input: the label's htmlFor names the input, as tests and screen readers find it. */
export function TextField({ id, label, error, hint, addon, ltr, className = '', ref, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={inputId}
          dir={ltr ? 'ltr' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className={ltr ? `${inputClass} text-end` : inputClass}
          {...props}
        />
        {addon}
      </div>
      {error ? (
        <p id={messageId} className={fieldErrorClass}>
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
