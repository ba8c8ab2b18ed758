import type { Product } from '@raseed/contract';
import { useEffect, useId, useRef } from 'react';
import { formatMicros, parseMoney } from '@/lib/format';
import { t } from '@/lib/i18n';
import { primaryButton, secondaryButton } from './styles';

export type ReviewRow = { label: string; value: string; ltr?: boolean };

type Props = {
  product: Product;
  rows: ReviewRow[];
  priceMicros: number;
  balance: string;
  /** A warning to read before paying (the player id was checked and not found). */
  warning?: string | null;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
};

function Row({ label, value, ltr, strong }: ReviewRow & { strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className={`min-w-0 break-all text-end ${strong ? 'font-bold text-fg' : 'text-fg'}`} dir={ltr ? 'ltr' : undefined}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The one step between the form and the money moving: what is bought, for whom, what it costs
 * and what the balance will be after. Nothing is sent until "تأكيد"; "رجوع" (or Escape) returns
 * to the form with everything still typed in it.
 */
export function PurchaseReview({ product, rows, priceMicros, balance, warning, pending, onConfirm, onBack }: Props) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const now = parseMoney(balance) ?? 0;
  useEffect(() => confirmRef.current?.focus(), []);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-overlay p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !pending) onBack();
        }}
        className="w-full max-w-md animate-fade-in rounded-2xl border border-line bg-surface p-5 shadow-xl"
      >
        <h2 id={titleId} className="mb-3 text-lg font-bold text-fg">
          {t('review.title')}
        </h2>
        {warning ? (
          <p role="alert" className="mb-3 rounded-xl border border-danger/50 bg-danger-bg px-3 py-2 text-sm font-bold text-danger">
            {warning}
          </p>
        ) : null}
        <dl className="text-sm">
          <Row label={t('review.product')} value={product.name} />
          {rows.map((row) => (
            <Row key={row.label} {...row} />
          ))}
          <Row label={t('review.price')} value={formatMicros(priceMicros, 'USD')} strong />
          <Row label={t('review.balanceNow')} value={formatMicros(now, 'USD')} />
          <Row label={t('review.balanceAfter')} value={formatMicros(now - priceMicros, 'USD')} strong />
        </dl>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button ref={confirmRef} type="button" className={primaryButton} disabled={pending} aria-busy={pending} onClick={onConfirm}>
            {pending ? t('order.requesting') : t('review.confirm')}
          </button>
          <button type="button" className={secondaryButton} disabled={pending} onClick={onBack}>
            {t('review.back')}
          </button>
        </div>
      </div>
    </div>
  );
}
