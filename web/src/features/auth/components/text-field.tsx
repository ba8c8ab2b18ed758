import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { inputClass } from './styles';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the field and tied to it, so a screen reader reads it with the label. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Latin-only values (e-mail, phone, codes) read left to right inside the RTL page. */
  ltr?: boolean;
};

/** A labelled input: the label's htmlFor names the input, as tests and screen readers find it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, ltr, id, className = '', ...input },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-bold text-fg">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`${inputClass} ${ltr ? 'text-end' : ''} ${className}`}
        {...input}
      />
      {error ? (
        <p id={messageId} className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
