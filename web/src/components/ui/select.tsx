import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, type FieldFrameProps, useFieldFrame } from './field';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> &
  FieldFrameProps & { options: ReadonlyArray<SelectOption>; ref?: Ref<HTMLSelectElement> };

/** A labelled select over `options`. `className` places the whole field. */
export function Select({ id, label, error, hint, alertError, options, size, className, ref, ...props }: SelectProps) {
  const { frame, control } = useFieldFrame({ id, label, error, hint, alertError, size, className });
  return (
    <Field {...frame}>
      <select ref={ref} {...control} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
