import type { AdminOrder } from '@raseed/contract';
import { formatDate } from '@/lib/format';
import { ot } from '@/lib/console/copy-ar';
import { Badge } from '@/components/ui/badge';

const stateTone = { send: 'neutral', follow: 'muted', done: 'accent', attention: 'danger' } as const;

function how(order: AdminOrder): string {
  const f = order.fulfilment;
  if (f.delivery === 'supplier') return ot('fulfil.supplier', { name: f.supplier?.name ?? '' }).trim();
  return ot(`fulfil.${f.delivery}`);
}

/**
 * How an order is fulfilled: by hand, from stock, or forwarded (with where it stands upstream), and the codes it got.
 */
export function FulfilmentBlock({ order }: { order: AdminOrder }) {
  const f = order.fulfilment;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">{ot('fulfil.title')}:</span>
        <span className="font-bold text-fg">{how(order)}</span>
        {f.state ? <Badge tone={stateTone[f.state]}>{ot(`fulfil.state.${f.state}`)}</Badge> : null}
      </div>
      {f.upstream_order_id || f.last_error || f.next_attempt_at || f.attempts > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {f.upstream_order_id ? (
            <>
              <dt className="text-muted">{ot('fulfil.upstream')}</dt>
              <dd className="font-bold text-fg">
                <bdi dir="ltr">{f.upstream_order_id}</bdi>
              </dd>
            </>
          ) : null}
          {f.attempts > 0 ? (
            <>
              <dt className="text-muted">{ot('fulfil.attempts')}</dt>
              <dd className="text-fg">{f.attempts}</dd>
            </>
          ) : null}
          {f.last_error ? (
            <>
              <dt className="text-muted">{ot('fulfil.lastError')}</dt>
              <dd className="text-danger">{f.last_error}</dd>
            </>
          ) : null}
          {f.next_attempt_at && f.state !== 'done' ? (
            <>
              <dt className="text-muted">{ot('fulfil.nextAttempt')}</dt>
              <dd className="text-fg">{formatDate(f.next_attempt_at)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {order.codes.length > 0 ? (
        <div className="flex flex-col gap-1">
          <span className="text-muted">{ot('fulfil.codes')}</span>
          <ul aria-label={ot('fulfil.codes')} className="flex flex-col gap-1">
            {order.codes.map((code, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: masked codes can repeat, and this list never reorders
                key={`${i}-${code}`}
                dir="ltr"
                className="rounded-lg bg-surface-2 px-2 py-1 text-end font-mono font-bold text-fg"
              >
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
