import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { type ButtonVariant, buttonClass } from './button';

type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  /** The button's words ("اختيار صورة"). */
  pickLabel: string;
  /** The chosen file's name, or what to say when there is none. */
  fileName: string;
  variant?: ButtonVariant;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A file input in Arabic: the native picker would label itself in the browser's language, so the
 * input is visually hidden and its label looks like a button. The field's own label (for screen
 * readers and tests) is the caller's, by `id`.
 */
export function FilePicker({ id, pickLabel, fileName, variant = 'secondary', ref, ...input }: FilePickerProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <input ref={ref} id={inputId} type="file" className="peer sr-only" {...input} />
      <label
        htmlFor={inputId}
        className={
          `${buttonClass(variant, { size: 'sm' })} min-h-10 shrink-0 cursor-pointer ` +
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent'
        }
      >
        {pickLabel}
      </label>
      <bdi className="min-w-0 flex-1 truncate text-sm text-muted">{fileName}</bdi>
    </div>
  );
}
