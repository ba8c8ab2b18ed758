import type { AdminCharge } from '@raseed/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useApproveTopup, useRejectTopup } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TopupFlags } from './topup-flags';
import { CustomerBlock } from './customer-block';
import { TextField } from '@/components/ui/text-field';
import { TopupStatusBadge } from '@/components/ui/badge';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const failed = (error: unknown) => toastError(error);

/**
 * One top-up request: the receipt large enough to read beside what the customer claimed, and
 * the two decisions. The amount field starts at the typed amount; changing it credits what
 * actually arrived.
 */
export function TopupCard({ topup }: { topup: AdminCharge }) {
  const headingId = useId();
  const approve = useApproveTopup({ onSuccess: () => toast.success(ot('topups.approved')), onError: failed });
  const reject = useRejectTopup({ onSuccess: () => toast.success(ot('topups.rejected')), onError: failed });
  const [amount, setAmount] = useState(topup.amount);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const busy = approve.isPending || reject.isPending;

  function onApprove(e: FormEvent) {
    e.preventDefault();
    approve.mutate({
      id: topup.id,
      ...(amount.trim() && amount.trim() !== topup.amount ? { amount: amount.trim() } : {}),
    });
  }
  function onReject(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setReasonError(ot('topups.reasonRequired'));
    setReasonError(undefined);
    reject.mutate({ id: topup.id, reason: reason.trim() });
  }

  return (
    <Card as="article" className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-labelledby={headingId}>
      <a
        href={topup.img}
        target="_blank"
        rel="noreferrer"
        title={ot('topups.openReceipt')}
        className="block overflow-hidden rounded-xl border border-line bg-canvas"
      >
        <img
          src={topup.img}
          alt={ot('topups.receipt', { id: topup.id })}
          className="mx-auto max-h-[70vh] min-h-48 w-full object-contain"
        />
      </a>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold text-fg">
            <span dir="ltr">#{topup.id}</span> · {formatCurrency(topup.amount)}
          </h2>
          <TopupStatusBadge status={topup.status}>
            {t(
              topup.status === 'success'
                ? 'topupStatus.success'
                : topup.status === 'cancel'
                  ? 'topupStatus.cancel'
                  : 'topupStatus.pending',
            )}
          </TopupStatusBadge>
        </div>
        <TopupFlags topup={topup} />
        <CustomerBlock user={topup.user} />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted">{ot('topups.bank')}</dt>
          <dd className="text-fg">{topup.bank.name}</dd>
          <dt className="text-muted">{ot('topups.typed')}</dt>
          <dd className="text-fg">{formatCurrency(topup.amount)}</dd>
          {topup.transfer_ref ? (
            <>
              <dt className="text-muted">{ot('topups.reference')}</dt>
              <dd className="text-fg">
                <span dir="ltr">{topup.transfer_ref}</span>
              </dd>
            </>
          ) : null}
          <dt className="text-muted">{t('topups.col.date')}</dt>
          <dd className="text-fg">{formatDate(topup.created_at)}</dd>
        </dl>
        {topup.status === 'pending' ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <form onSubmit={onApprove} className="flex flex-col gap-2">
              <TextField
                label={ot('topups.received')}
                ltr
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                maxLength={24}
              />
              <Button type="submit" disabled={busy}>
                {ot('topups.approve')}
              </Button>
            </form>
            <form onSubmit={onReject} className="flex flex-col gap-2">
              <TextField
                label={ot('topups.reason')}
                value={reason}
                error={reasonError}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
              />
              <Button type="submit" variant="danger" disabled={busy}>
                {ot('topups.reject')}
              </Button>
            </form>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {topup.reason ? `${ot('topups.reason')}: ${topup.reason} · ` : ''}
            {topup.decided_by ? ot('topups.decidedBy', { name: topup.decided_by.name }) : ''}
            {topup.decided_at ? ` · ${formatDate(topup.decided_at)}` : ''}
          </p>
        )}
      </div>
    </Card>
  );
}
