import type { WebhookEndpoint, WebhookWithSecret } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { toastError } from '@/lib/error-toast';
import { formatDate } from '@/lib/format';
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks } from '../api';
import { keysAr, kt } from '../copy-ar';
import { WebhookDeliveries } from './webhook-deliveries';

const tones: Record<WebhookEndpoint['state'], BadgeTone> = { active: 'ok', failing: 'warn', disabled: 'danger' };

function stateNote(h: WebhookEndpoint): string | null {
  if (h.state === 'disabled' && h.disabled_at)
    return kt(h.disabled_reason === 'gone' ? 'disabledGone' : 'disabledFailing', { date: formatDate(h.disabled_at) });
  if (h.state === 'failing' && h.failing_since) return kt('failingSince', { date: formatDate(h.failing_since) });
  return null;
}

/**
 * The customer's endpoints: URL, events, whether it works, fails or was stopped (and why); each
 * with its deliveries, a new secret (shown once, through `onSecret`) and delete, both confirmed.
 */
export function WebhookList({ onSecret }: { onSecret: (webhook: WebhookWithSecret) => void }) {
  const hooks = useWebhooks();
  const [open, setOpen] = useState<number | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  return (
    <>
      <ListState query={hooks} isEmpty={(list) => list.length === 0} empty={keysAr.hooksEmpty}>
        {(list) => (
          <ul className="grid gap-3" aria-label={keysAr.hooksTitle}>
            {list.map((h) => (
              <li key={h.id} className="grid gap-2 rounded-xl border border-line bg-surface-2 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <code
                    dir="ltr"
                    className="min-w-0 flex-1 text-start font-mono text-sm break-all text-fg [unicode-bidi:isolate]"
                  >
                    {h.url}
                  </code>
                  <Badge tone={tones[h.state]}>{keysAr[`state.${h.state}`]}</Badge>
                </div>
                <p className="text-sm text-muted">{h.events.map((e) => keysAr[`event.${e}`]).join('، ')}</p>
                {stateNote(h) ? <p className="text-sm text-fg">{stateNote(h)}</p> : null}
                {h.previous_secret_until ? (
                  <p className="text-sm text-muted">
                    {kt('previousSecret', { date: formatDate(h.previous_secret_until) })}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-expanded={open === h.id}
                    onClick={() => setOpen(open === h.id ? null : h.id)}
                  >
                    {open === h.id ? keysAr.hideDeliveries : keysAr.showDeliveries}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setRotating(h)}>
                    {keysAr.rotate}
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setRemoving(h)}>
                    {keysAr.remove}
                  </Button>
                </div>
                {open === h.id ? <WebhookDeliveries endpointId={h.id} /> : null}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {rotating ? (
        <ConfirmDialog
          title={keysAr.rotateTitle}
          confirmLabel={keysAr.rotate}
          backLabel={keysAr.back}
          pendingLabel={keysAr.rotating}
          pending={rotate.isPending}
          onBack={() => setRotating(null)}
          onConfirm={() =>
            rotate.mutate(rotating.id, {
              onSuccess: (webhook) => {
                setRotating(null);
                onSecret(webhook);
              },
              onError: toastError,
            })
          }
        >
          <p className="text-muted">{keysAr.rotateText}</p>
        </ConfirmDialog>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={keysAr.removeTitle}
          confirmLabel={keysAr.remove}
          backLabel={keysAr.back}
          pendingLabel={keysAr.removing}
          pending={remove.isPending}
          tone="danger"
          onBack={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success(keysAr.removed);
                setRemoving(null);
              },
              onError: toastError,
            })
          }
        >
          <p dir="ltr" className="text-start font-mono text-sm break-all text-fg [unicode-bidi:isolate]">
            {removing.url}
          </p>
          <p className="text-muted">{keysAr.removeText}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
