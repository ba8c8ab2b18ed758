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
  /** The store has not answered for a while: say so, offer a retry (same key) and a way out. */
  stalled?: boolean;
  onConfirm: () => void;
  onBack: () => void;
  onRetry?: () => void;
  onClose?: () => void;
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

/** What the confirmation says when the store has not answered (offline or slow). */
export function StalledNote() {
  return (
    <div role="alert" className="mb-3 rounded-xl border border-warn/50 bg-warn-bg px-3 py-2 text-sm text-warn">
      <p className="font-bold">{t('purchase.stalledTitle')}</p>
      <p>{t('purchase.stalledBody')}</p>
    </div>
  );
}

/**
 * The one step between the form and the money moving: what is bought, for whom, what it costs
 * and what the balance will be after. Nothing is sent until "تأكيد"; "رجوع" (or Escape) returns
 * to the form with everything still typed in it.
 */
export function PurchaseReview(props: Props) {
  const { product, rows, priceMicros, balance, warning, pending, stalled, onConfirm, onBack } = props;
  const now = parseMoney(balance) ?? 0;
  return (
    <ConfirmDialog
      title={t('review.title')}
      confirmLabel={stalled ? t('purchase.retry') : t('review.confirm')}
      backLabel={stalled ? t('purchase.close') : t('review.back')}
      pending={pending}
      pendingLabel={t('order.requesting')}
      onConfirm={stalled && props.onRetry ? props.onRetry : onConfirm}
      onBack={stalled && props.onClose ? props.onClose : onBack}
    >
      {stalled ? <StalledNote /> : null}
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
