import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { fieldErrorClass, labelClass } from './field';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it (the label still names it by htmlFor). */
export function Checkbox({ id, label, error, className = '', ref, ...props }: CheckboxProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ''}`}>
      <div className="flex min-h-11 items-center gap-2">
        <input ref={ref} id={fieldId} type="checkbox" className="size-5 accent-[var(--accent)]" {...props} />
        <label htmlFor={fieldId} className={labelClass}>
          {label}
        </label>
      </div>
      {error ? <p className={fieldErrorClass}>{error}</p> : null}
    </div>
  );
}
