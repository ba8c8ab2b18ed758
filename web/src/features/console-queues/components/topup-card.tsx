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
import { StorefrontBadge } from '@/components/console/storefront-badge';
import { DecisionConfirm } from './decision-confirm';

const failed = (error: unknown) => toastError(error);

/**
 * One top-up request: the receipt large enough to read beside what the customer claimed, and
 * the two decisions. The amount field starts at the typed amount; changing it credits what
 * actually arrived.
 */
export function TopupCard({ topup }: { topup: AdminCharge }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const approve = useApproveTopup({
    onSuccess: () => toast.success(ot('topups.approved')),
    onError: (e) => {
      setAsking(false);
      failed(e);
    },
  });
  const reject = useRejectTopup({ onSuccess: () => toast.success(ot('topups.rejected')), onError: failed });
  const [amount, setAmount] = useState(topup.amount);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [correction, setCorrection] = useState('');
  const [correctionError, setCorrectionError] = useState<string>();
  const busy = approve.isPending || reject.isPending;
  const corrected = amount.trim() !== '' && amount.trim() !== topup.amount;
  const local = topup.currency !== 'USD';

  function onApprove(e: FormEvent) {
    e.preventDefault();
    // A corrected amount says why: the customer reads the reason (docs/topups.md#decisions).
    if (corrected && !correction.trim()) return setCorrectionError(ot('topups.correctionReasonRequired'));
    setCorrectionError(undefined);
    setAsking(true);
  }
  const credited = corrected ? amount.trim() : topup.amount;
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
          <div className="flex flex-wrap items-center gap-2">
            <StorefrontBadge id={topup.storefront_id} />
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
        </div>
        <TopupFlags topup={topup} />
        <CustomerBlock user={topup.user} />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted">{ot('topups.bank')}</dt>
          <dd className="text-fg">{topup.bank.name}</dd>
          {local ? (
            <>
              <dt className="text-muted">{ot('topups.transferred')}</dt>
              <dd className="whitespace-nowrap text-fg">{formatCurrency(topup.amount_local, topup.currency)}</dd>
              <dt className="text-muted">{ot('topups.rate')}</dt>
              <dd className="whitespace-nowrap text-fg">
                {ot('banks.rateLine', { rate: formatCurrency(topup.rate, topup.currency) })}
              </dd>
            </>
          ) : null}
          <dt className="text-muted">{ot(local ? 'topups.dollars' : 'topups.typed')}</dt>
          <dd className="whitespace-nowrap text-fg">{formatCurrency(topup.amount)}</dd>
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
              {corrected ? (
                <TextField
                  label={ot('topups.correctionReason')}
                  value={correction}
                  error={correctionError}
                  onChange={(e) => setCorrection(e.target.value)}
                  maxLength={500}
                />
              ) : null}
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
      {asking ? (
        <DecisionConfirm
          question={{
            title: ot('confirm.topupApprove', { amount: formatCurrency(credited), name: topup.user.name }),
            confirmLabel: ot('topups.approve'),
            note: ot('confirm.topupApproveNote'),
            detail: corrected ? ot('confirm.topupCorrected', { typed: formatCurrency(topup.amount) }) : undefined,
            tone: 'accent',
          }}
          pending={approve.isPending}
          onConfirm={() =>
            approve.mutate({
              id: topup.id,
              ...(corrected ? { amount: amount.trim(), reason: correction.trim() } : {}),
            })
          }
          onBack={() => setAsking(false)}
        />
      ) : null}
    </Card>
  );
}
