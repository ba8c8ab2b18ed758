import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { controlClass, describedBy, Field, type FieldMessages, type FieldSize, useFieldSize } from './field';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> &
  FieldMessages & {
    label: ReactNode;
    /** Codes and other machine text, one per line, in a monospace face. */
    mono?: boolean;
    size?: FieldSize;
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
  const autoId = useId();
  const fieldId = id ?? autoId;
  const fieldSize = useFieldSize(size);
  return (
    <Field
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      alertError={alertError}
      size={fieldSize}
      className={className}
    >
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        className={`${controlClass(fieldSize, true)}${mono ? ' font-mono text-sm' : ''}`}
        {...describedBy(fieldId, { error, hint })}
        {...props}
      />
    </Field>
  );
}
