import { type Currency, formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { FieldValues } from 'react-hook-form';
import { PreviewCard } from '@/components/console/preview-card';

const price = (value: unknown, currency: Currency) =>
  formatCurrency(typeof value === 'string' || typeof value === 'number' ? String(value) : '0', currency);

/** The product card as a department page shows it: name, three prices, discount and availability. */
export function ProductPreview({ values, img }: { values: FieldValues; img: string | null }) {
  const free = Boolean(values.free);
  return (
    <PreviewCard img={img} title={String(values.name ?? '')} unavailable={!values.available}>
      {values.is_discount && Number(values.discount) > 0 ? (
        <span className="self-start rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent">
          {t('product.discount')} <span dir="ltr">{Number(values.discount)}%</span>
        </span>
      ) : null}
      <p className="text-sm text-fg" dir="ltr">
        {free ? price(values.unit_price, 'USD') : price(values.price, 'USD')}
      </p>
      <p className="text-xs text-muted" dir="ltr">
        {price(values.price_syr, 'SYP')} · {free ? price(values.unit_price_tr, 'TRY') : price(values.price_tr, 'TRY')}
      </p>
    </PreviewCard>
  );
}
