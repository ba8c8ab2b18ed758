import { type ReactNode, useEffect, useId, useRef } from 'react';

const confirmClass =
  'inline-flex h-12 items-center justify-center rounded-xl px-4 font-bold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const backClass =
  'inline-flex h-12 items-center justify-center rounded-xl border border-line bg-surface-2 px-4 ' +
  'font-bold text-fg transition-colors hover:border-accent disabled:opacity-60';

type Props = {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  backLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  /** `danger` for a step that cannot be undone by the customer (a cancel). */
  tone?: 'accent' | 'danger';
  onConfirm: () => void;
  onBack: () => void;
};

/**
 * A modal question before an action that moves money. Focus starts on the confirm button,
 * Escape and the back button close it; nothing happens until the confirm button is pressed.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  backLabel,
  pending = false,
  pendingLabel,
  tone = 'accent',
  onConfirm,
  onBack,
}: Props) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const toneClass =
    tone === 'danger' ? 'bg-danger text-canvas hover:opacity-90' : 'bg-accent text-accent-fg hover:bg-accent-strong';

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-overlay p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !pending) onBack();
        }}
        className="w-full max-w-md animate-fade-in rounded-2xl border border-line bg-surface p-5 text-start shadow-xl"
      >
        <h2 id={titleId} className="mb-3 text-lg font-bold text-fg">
          {title}
        </h2>
        {children}
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button
            ref={confirmRef}
            type="button"
            className={`${confirmClass} ${toneClass}`}
            disabled={pending}
            aria-busy={pending}
            onClick={onConfirm}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
          <button type="button" className={backClass} disabled={pending} onClick={onBack}>
            {backLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
