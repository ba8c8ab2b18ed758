import type { Product } from '@raseed/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMicros, parseMoney } from '@/lib/format';
import { t } from '@/lib/i18n';

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
      <dd
        className={`min-w-0 break-all text-end ${strong ? 'font-bold text-fg' : 'text-fg'}`}
        dir={ltr ? 'ltr' : undefined}
      >
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
  const now = parseMoney(balance) ?? 0;
  return (
    <ConfirmDialog
      title={t('review.title')}
      confirmLabel={t('review.confirm')}
      backLabel={t('review.back')}
      pending={pending}
      pendingLabel={t('order.requesting')}
      onConfirm={onConfirm}
      onBack={onBack}
    >
      {warning ? (
        <p
          role="alert"
          className="mb-3 rounded-xl border border-danger/50 bg-danger-bg px-3 py-2 text-sm font-bold text-danger"
        >
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
    </ConfirmDialog>
  );
}
