import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, type FieldFrameProps, useFieldFrame } from './field';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> &
  FieldFrameProps & {
    /** Codes and other machine text, one per line, in a monospace face. */
    mono?: boolean;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line field. `className` places the whole field. */
export function TextArea({
  id,
  label,
  error,
  hint,
  alertError,
  mono,
  size,
  className,
  rows = 3,
  ref,
  ...props
}: TextAreaProps) {
  const { frame, control } = useFieldFrame({ id, label, error, hint, alertError, size, className }, true);
  return (
    <Field {...frame}>
      <textarea
        ref={ref}
        rows={rows}
        {...control}
        className={`${control.className}${mono ? ' font-mono text-sm' : ''}`}
        {...props}
      />
    </Field>
  );
}
