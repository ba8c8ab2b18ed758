import { type ReactNode, useEffect, useRef } from 'react';
import { useDismissKeys } from '@/lib/dismiss-keys';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

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
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  useDismissKeys(() => {
    if (!pending) onBack();
  });

  return (
    <DialogFrame title={title}>
      {children}
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button
          ref={confirmRef}
          size="lg"
          variant={tone === 'danger' ? 'danger-solid' : 'primary'}
          disabled={pending}
          aria-busy={pending}
          onClick={onConfirm}
        >
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
        <Button size="lg" variant="secondary" disabled={pending} onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
