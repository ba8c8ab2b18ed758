import { createContext, type ReactNode, useContext, useId } from 'react';

export type FieldSize = 'md' | 'lg';

/**
 * How tall the fields are where no size is given: the store's forms use the large ones; the
 * console, denser, provides `md` once around all its screens.
 */
export const FieldSizeContext = createContext<FieldSize>('lg');

/** The frame of every text control (input, select, textarea); `md` and `lg` differ in height and padding. */
export function controlClass(size: FieldSize, multiline = false): string {
  const box = multiline ? (size === 'lg' ? 'px-4 py-3' : 'px-3 py-2.5') : size === 'lg' ? 'h-12 px-4' : 'h-11 px-3';
  return (
    `block w-full rounded-xl border border-line bg-surface-2 text-fg placeholder:text-muted ${box} ` +
    'transition-colors focus:border-accent focus:outline-none aria-[invalid=true]:border-danger'
  );
}

export const labelClass = 'text-sm font-bold text-fg';
export const fieldErrorClass = 'text-sm text-danger';

export type FieldMessages = {
  /** Shown under the control in place of the hint, and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Announce the error as soon as it shows (a form whose errors come after a submit). */
  alertError?: boolean;
};

/** The control's aria-invalid and aria-describedby for its messages. */
export function describedBy(id: string, { error, hint }: FieldMessages) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

function useFieldSize(size: FieldSize | undefined): FieldSize {
  const context = useContext(FieldSizeContext);
  return size ?? context;
}

/** What a labelled control takes besides its element's own attributes. */
export type FieldFrameProps = FieldMessages & {
  id?: string | undefined;
  label: ReactNode;
  hideLabel?: boolean | undefined;
  size?: FieldSize | undefined;
  /** Places the whole field (label, control, message). */
  className?: string | undefined;
};

/**
 * A labelled control's two halves: `frame` for its `<Field>`, `control` (id, class, aria) for the
 * element itself, spread before the caller's attributes so an explicit aria-describedby wins.
 */
export function useFieldFrame(
  { id, label, hideLabel, error, hint, alertError, size, className }: FieldFrameProps,
  multiline = false,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const fieldSize = useFieldSize(size);
  return {
    frame: { id: fieldId, label, hideLabel, error, hint, alertError, size: fieldSize, className },
    control: { id: fieldId, className: controlClass(fieldSize, multiline), ...describedBy(fieldId, { error, hint }) },
  };
}

type FieldProps = FieldMessages & {
  id: string;
  label: ReactNode;
  /** The label is for screen readers only (a search box whose placeholder says the same). */
  hideLabel?: boolean | undefined;
  size: FieldSize;
  className?: string | undefined;
  children: ReactNode;
};

/**
 * A label, its control and one message under it: the label's htmlFor names the control, as tests
 * and screen readers find it.
 */
export function Field({ id, label, hideLabel, error, hint, alertError, size, className = '', children }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1.5${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role={alertError ? 'alert' : undefined} className={fieldErrorClass}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={`${size === 'lg' ? 'text-sm' : 'text-xs'} text-muted`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
