import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { controlClass, describedBy, Field, type FieldMessages, type FieldSize, useFieldSize } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> &
  FieldMessages & {
    label: ReactNode;
    /** A control placed beside the input (e.g. the check-player button). */
    addon?: ReactNode;
    /** Ids, phones, links, e-mails, codes and quantities read left to right, aligned to the field's end. */
    ltr?: boolean;
    hideLabel?: boolean;
    size?: FieldSize;
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
  const autoId = useId();
  const inputId = id ?? autoId;
  const fieldSize = useFieldSize(size);
  const input = (
    <input
      ref={ref}
      id={inputId}
      dir={ltr ? 'ltr' : undefined}
      className={`${controlClass(fieldSize)}${ltr ? ' text-end' : ''}`}
      {...describedBy(inputId, { error, hint })}
      {...props}
    />
  );
  return (
    <Field
      id={inputId}
      label={label}
      hideLabel={hideLabel}
      error={error}
      hint={hint}
      alertError={alertError}
      size={fieldSize}
      className={className}
    >
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
