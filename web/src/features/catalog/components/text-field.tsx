import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { fieldError, input, label as labelClass } from './styles';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A control placed beside the input (e.g. the check-player button). */
  addon?: ReactNode;
  /** Ids, phones, links, e-mails and quantities read left to right, aligned to the field's end. */
  ltr?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ id, label, error, hint, addon, ltr, className = '', ...props }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          dir={ltr ? 'ltr' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={ltr ? `${input} text-end` : input}
          {...props}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
