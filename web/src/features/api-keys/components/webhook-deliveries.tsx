import type { WebhookDelivery } from '@raseed/contract';
import { toast } from 'react-toastify';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { toastError } from '@/lib/error-toast';
import { formatDate } from '@/lib/format';
import { useRetryDelivery, useWebhookDeliveries } from '../api';
import { keysAr, kt } from '../copy-ar';

const tones: Record<WebhookDelivery['state'], BadgeTone> = { pending: 'warn', delivered: 'ok', failed: 'danger' };

/** One endpoint's newest deliveries: the event, its state, attempts, last answer, when; each retriable. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const retry = useRetryDelivery();
  return (
    <section aria-label={keysAr.deliveriesTitle} className="grid gap-2">
      <h4 className="text-sm font-bold text-fg">{keysAr.deliveriesTitle}</h4>
      <ListState query={deliveries} isEmpty={(list) => list.length === 0} empty={keysAr.deliveriesEmpty}>
        {(list) => (
          <ul className="grid gap-2">
            {list.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-2">
                <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-fg">{keysAr[`event.${d.type}`]}</span>
                    <Badge tone={tones[d.state]}>{keysAr[`delivery.${d.state}`]}</Badge>
                  </p>
                  <p dir="ltr" className="text-start font-mono text-xs break-all text-muted [unicode-bidi:isolate]">
                    {d.event_id}
                  </p>
                  <p className="text-muted">
                    {kt('attempts', { n: String(d.attempts) })} ·{' '}
                    {kt('lastStatus', { status: d.last_status === null ? keysAr.noAnswer : String(d.last_status) })}
                  </p>
                  {d.delivered_at ? (
                    <p className="text-muted">{kt('deliveredAt', { date: formatDate(d.delivered_at) })}</p>
                  ) : d.next_attempt_at ? (
                    <p className="text-muted">{kt('nextAttempt', { date: formatDate(d.next_attempt_at) })}</p>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(
                      { id: endpointId, deliveryId: d.id },
                      { onSuccess: () => toast.success(keysAr.retried), onError: toastError },
                    )
                  }
                >
                  {keysAr.retry}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
