import type { AdminCharge } from '@raseed/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useApproveCharge, useRejectCharge } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ChargeFlags } from './topup-flags';
import { CustomerBlock } from './customer-block';
import { Field } from '@/components/console/fields';
import { ChargeStatusBadge } from '@/components/console/status-badge';
import { dangerButton, primaryButton } from '@/components/console/styles';
import { toastError } from '@/lib/error-toast';

const failed = (error: unknown) => toastError(error);

/**
 * One top-up request: the receipt large enough to read beside what the customer claimed, and
 * the two decisions. The amount field starts at the typed amount; changing it credits what
 * actually arrived.
 */
export function ChargeCard({ charge }: { charge: AdminCharge }) {
  const headingId = useId();
  const approve = useApproveCharge({ onSuccess: () => toast.success(ot('charges.approved')), onError: failed });
  const reject = useRejectCharge({ onSuccess: () => toast.success(ot('charges.rejected')), onError: failed });
  const [amount, setAmount] = useState(charge.amount);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const busy = approve.isPending || reject.isPending;

  function onApprove(e: FormEvent) {
    e.preventDefault();
    approve.mutate({
      id: charge.id,
      ...(amount.trim() && amount.trim() !== charge.amount ? { amount: amount.trim() } : {}),
    });
  }
  function onReject(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setReasonError(ot('charges.reasonRequired'));
    setReasonError(undefined);
    reject.mutate({ id: charge.id, reason: reason.trim() });
  }

  return (
    <article
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-4 rounded-2xl border border-line bg-surface p-4 lg:grid-cols-2"
    >
      <a
        href={charge.img}
        target="_blank"
        rel="noreferrer"
        title={ot('charges.openReceipt')}
        className="block overflow-hidden rounded-xl border border-line bg-canvas"
      >
        <img
          src={charge.img}
          alt={ot('charges.receipt', { id: charge.id })}
          className="mx-auto max-h-[70vh] min-h-48 w-full object-contain"
        />
      </a>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold text-fg">
            <span dir="ltr">#{charge.id}</span> · {formatCurrency(charge.amount)}
          </h2>
          <ChargeStatusBadge status={charge.status} />
        </div>
        <ChargeFlags charge={charge} />
        <CustomerBlock user={charge.user} />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted">{ot('charges.bank')}</dt>
          <dd className="text-fg">{charge.bank.name}</dd>
          <dt className="text-muted">{ot('charges.typed')}</dt>
          <dd className="text-fg">{formatCurrency(charge.amount)}</dd>
          {charge.transfer_ref ? (
            <>
              <dt className="text-muted">{ot('charges.reference')}</dt>
              <dd className="text-fg">
                <span dir="ltr">{charge.transfer_ref}</span>
              </dd>
            </>
          ) : null}
          <dt className="text-muted">{t('charges.col.date')}</dt>
          <dd className="text-fg">{formatDate(charge.created_at)}</dd>
        </dl>
        {charge.status === 'pending' ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <form onSubmit={onApprove} className="flex flex-col gap-2">
              <Field
                label={ot('charges.received')}
                ltr
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                maxLength={24}
              />
              <button type="submit" className={primaryButton} disabled={busy}>
                {ot('charges.approve')}
              </button>
            </form>
            <form onSubmit={onReject} className="flex flex-col gap-2">
              <Field
                label={ot('charges.reason')}
                value={reason}
                error={reasonError}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
              />
              <button type="submit" className={dangerButton} disabled={busy}>
                {ot('charges.reject')}
              </button>
            </form>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {charge.reason ? `${ot('charges.reason')}: ${charge.reason} · ` : ''}
            {charge.decided_by ? ot('charges.decidedBy', { name: charge.decided_by.name }) : ''}
            {charge.decided_at ? ` · ${formatDate(charge.decided_at)}` : ''}
          </p>
        )}
      </div>
    </article>
  );
}
