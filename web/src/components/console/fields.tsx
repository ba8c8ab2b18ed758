import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { inputClass } from './styles';

type Common = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

function Shell({ id, label, error, hint, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-message`} className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, c: Common) => ({
  'aria-invalid': c.error ? true : undefined,
  'aria-describedby': c.error || c.hint ? `${id}-message` : undefined,
});

/** A labelled input; `ltr` for Latin-only values (amounts, links, IBANs) inside the RTL page. */
export const Field = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement> & { ltr?: boolean }>(
  function Field({ label, error, hint, ltr, id, className = '', ...input }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <Shell id={fieldId} label={label} error={error} hint={hint}>
        <input
          ref={ref}
          id={fieldId}
          dir={ltr ? 'ltr' : undefined}
          className={`${inputClass} ${ltr ? 'text-end' : ''} ${className}`}
          {...described(fieldId, { label, error, hint })}
          {...input}
        />
      </Shell>
    );
  },
);

export const AreaField = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function AreaField({ label, error, hint, id, className = '', rows = 3, ...input }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <Shell id={fieldId} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={fieldId}
          rows={rows}
          className={`${inputClass} ${className}`}
          {...described(fieldId, { label, error, hint })}
          {...input}
        />
      </Shell>
    );
  },
);

export const SelectField = forwardRef<
  HTMLSelectElement,
  Common & SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> }
>(function SelectField({ label, error, hint, id, options, className = '', ...select }, ref) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={fieldId}
        className={`${inputClass} ${className}`}
        {...described(fieldId, { label, error, hint })}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
});

/** A checkbox with its label beside it (the label still names it by htmlFor). */
export const CheckField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function CheckField({ label, error, id, ...input }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <div className="flex flex-col gap-1">
        <div className="flex min-h-11 items-center gap-2">
          <input ref={ref} id={fieldId} type="checkbox" className="size-5 accent-[var(--accent)]" {...input} />
          <label htmlFor={fieldId} className="text-sm font-bold text-fg">
            {label}
          </label>
        </div>
        {error ? <p className="text-sm text-danger">{error}</p> : null}
      </div>
    );
  },
);
