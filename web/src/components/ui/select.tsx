import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { controlClass, describedBy, Field, type FieldMessages, type FieldSize, useFieldSize } from './field';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> &
  FieldMessages & {
    label: ReactNode;
    options: ReadonlyArray<SelectOption>;
    size?: FieldSize;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled select over `options`. `className` places the whole field. */
export function Select({ id, label, error, hint, alertError, options, size, className, ref, ...props }: SelectProps) {
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
      <select
        ref={ref}
        id={fieldId}
        className={controlClass(fieldSize)}
        {...describedBy(fieldId, { error, hint })}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
