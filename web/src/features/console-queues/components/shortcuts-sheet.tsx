import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { useDismissKeys } from '@/lib/dismiss-keys';
import { type OperatorCopyKey, ot } from '@/lib/console/copy-ar';
import { type QueueCommand, queueKeys } from '../queue-keys';

const labels: Record<QueueCommand, OperatorCopyKey> = {
  next: 'keys.next',
  prev: 'keys.prev',
  accept: 'keys.accept',
  reject: 'keys.reject',
  help: 'keys.help',
};

const kbd =
  'inline-block min-w-7 rounded-md border border-line bg-surface-2 px-1.5 text-center font-mono text-sm text-fg';

/** «?» opens the sheet and closes it again, as Escape does. */
const SHEET_KEYS = ['Escape', '?'];

/** The help sheet of the queue's keyboard shortcuts («?»). */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  useDismissKeys(onClose, SHEET_KEYS);
  return (
    <DialogFrame title={ot('keys.title')}>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {queueKeys.map(({ command, keys }) => (
          <div key={command} className="contents">
            <dt className="flex gap-1" dir="ltr">
              {keys.map((k, i) => (
                <span key={k} className="flex items-center gap-1">
                  {i > 0 ? <span className="text-muted">/</span> : null}
                  <kbd className={kbd}>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd className="text-fg">{ot(labels[command])}</dd>
          </div>
        ))}
        <dt dir="ltr">
          <kbd className={kbd}>Esc</kbd>
        </dt>
        <dd className="text-fg">{ot('keys.leave')}</dd>
      </dl>
      <p className="mt-3 text-sm text-muted">{ot('keys.note')}</p>
      <Button ref={closeRef} className="mt-4" block variant="secondary" onClick={onClose}>
        {ot('keys.close')}
      </Button>
    </DialogFrame>
  );
}
