import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, type FieldFrameProps, useFieldFrame } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> &
  FieldFrameProps & {
    /** A control placed beside the input (e.g. the check-player button). */
    addon?: ReactNode;
    /** Ids, phones, links, e-mails, codes and quantities read left to right, aligned to the field's end. */
    ltr?: boolean;
    ref?: Ref<HTMLInputElement>;
  };

/** The one labelled input of the store and the console. `className` places the whole field. */
export function TextField({
  id,
  label,
  hideLabel,
  error,
  hint,
  alertError,
  addon,
  ltr,
  size,
  className,
  ref,
  ...props
}: TextFieldProps) {
  const { frame, control } = useFieldFrame({ id, label, hideLabel, error, hint, alertError, size, className });
  const input = (
    <input
      ref={ref}
      dir={ltr ? 'ltr' : undefined}
      {...control}
      className={`${control.className}${ltr ? ' text-end' : ''}`}
      {...props}
    />
  );
  return (
    <Field {...frame}>
      {addon ? (
        <div className="flex gap-2">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}
