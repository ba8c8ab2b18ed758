import type { NumberPurchase, NumberStatus } from '@raseed/contract';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { formatCurrency, formatDate } from '@/lib/format';
import { isLive, useCancelNumber, useResendCode } from '../api';
import { nt, statusKey } from '../copy-ar';
import { CopyButton } from './copy-button';
import { Countdown } from './countdown';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tone: Record<NumberStatus, BadgeTone> = {
  waiting: 'warn',
  received: 'accent',
  cancelled: 'danger',
  refunded: 'info',
};

/** One number purchase: the number (LTR, copyable), the time left, the code as soon as it arrives. */
export function PurchaseCard({ purchase: p }: { purchase: NumberPurchase }) {
  const cancel = useCancelNumber();
  const resend = useResendCode();
  const code = p.codes.at(-1);
  const live = isLive(p);
  const fail = (error: Error) => toast.error(error.message, { theme: 'dark' });

  return (
    <article aria-labelledby={`purchase-${p.id}-title`}>
      <Card className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`purchase-${p.id}-title`} className="truncate text-lg font-bold text-fg">
              <bdi>{p.name}</bdi>
            </h2>
            <p className="text-xs text-muted">{nt('numbers.number', { id: p.id })}</p>
          </div>
          <Badge tone={tone[p.status]} size="md">
            {nt(statusKey(p.status))}
          </Badge>
        </div>

        <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 px-3 py-2">
          <div className="min-w-0">
            <p className="text-xs text-muted">{nt('numbers.phone')}</p>
            {p.phone ? (
              <p className="truncate text-xl font-bold text-fg tabular-nums" dir="ltr" data-testid="purchase-phone">
                +{p.phone.replace(/^\+/, '')}
              </p>
            ) : (
              <p className="text-sm text-muted">{nt('numbers.phonePending')}</p>
            )}
          </div>
          {p.phone ? <CopyButton text={p.phone.replace(/^\+/, '')} label={nt('numbers.copyPhone')} /> : null}
        </div>

        {code ? (
          <div
            className={
              'flex items-center justify-between gap-3 rounded-xl border ' + 'border-accent/40 bg-accent/10 px-3 py-2'
            }
          >
            <div className="min-w-0">
              <p className="text-xs text-muted">{nt('numbers.code')}</p>
              <p
                className="text-2xl font-bold tracking-widest text-accent tabular-nums"
                dir="ltr"
                data-testid="purchase-code"
              >
                {code}
              </p>
              {p.codes.length > 1 ? (
                <p className="text-xs text-muted">
                  {nt('numbers.previousCodes')}: <bdi dir="ltr">{p.codes.slice(0, -1).join(' · ')}</bdi>
                </p>
              ) : null}
            </div>
            <CopyButton text={code} label={nt('numbers.copyCode')} />
          </div>
        ) : p.status === 'waiting' && p.phone ? (
          <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-muted" role="status">
            {nt('numbers.codeWaiting')}
          </p>
        ) : null}

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-muted">{nt('numbers.price')}</dt>
            <dd className="font-bold text-fg">{formatCurrency(p.price, 'USD')}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted">{nt('numbers.createdAt')}</dt>
            <dd className="truncate font-bold text-fg">{formatDate(p.created_at)}</dd>
          </div>
          {live && p.expires_at ? <Countdown until={p.expires_at} /> : null}
        </dl>

        <div className="mt-auto flex flex-wrap gap-2">
          {p.status === 'waiting' ? (
            <Button
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(p.id, { onSuccess: () => toast.success(nt('numbers.cancelled')), onError: fail })
              }
              variant="danger"
              size="sm"
            >
              {nt('numbers.cancel')}
            </Button>
          ) : null}
          {p.status === 'received' && live ? (
            <Button
              disabled={resend.isPending}
              onClick={() => resend.mutate(p.id, { onSuccess: () => toast.info(nt('numbers.resent')), onError: fail })}
              size="sm"
            >
              {nt('numbers.resend')}
            </Button>
          ) : null}
        </div>
      </Card>
    </article>
  );
}
