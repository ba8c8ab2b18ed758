import type { Product } from '@raseed/contract';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatUnitPrice } from '../lib/unit-price';

type Key = 'usd' | 'syp' | 'try';

type ProductPricesProps = {
  product: Pick<Product, 'price' | 'price_syr' | 'price_tr' | 'free' | 'unit_price' | 'unit_price_tr'>;
  /** The spec lists them USD/SYP/TRY on the department page and USD/TRY/SYP on the product page. */
  order?: ReadonlyArray<Key>;
  /** Narrow cards: amounts only, one per line; the currency labels stay for screen readers. */
  compact?: boolean;
  className?: string;
};

const label: Record<Key, 'price.usd' | 'price.syp' | 'price.try'> = {
  usd: 'price.usd',
  syp: 'price.syp',
  try: 'price.try',
};

/**
 * The three display prices; only USD is ever charged (the balance currency). A free-quantity
 * product shows its price per unit (price_syr is per unit there too).
 */
export function ProductPrices({
  product,
  order = ['usd', 'syp', 'try'],
  compact = false,
  className = '',
}: ProductPricesProps) {
  const amounts: Record<Key, string> = product.free
    ? {
        usd: formatUnitPrice(product.unit_price, 'USD'),
        syp: formatUnitPrice(product.price_syr, 'SYP'),
        try: formatUnitPrice(product.unit_price_tr, 'TRY'),
      }
    : {
        usd: formatCurrency(product.price, 'USD'),
        syp: formatCurrency(product.price_syr, 'SYP'),
        try: formatCurrency(product.price_tr, 'TRY'),
      };
  return (
    <div className={className}>
      {product.free ? (
        <p className={`mb-1 text-xs text-muted ${compact ? 'text-center' : ''}`}>{t('order.unitPrice')}</p>
      ) : null}
      <dl className={`grid gap-1 text-sm ${compact ? 'justify-items-center' : ''}`}>
        {order.map((key) => (
          <div key={key} className={compact ? 'whitespace-nowrap' : 'flex items-baseline justify-between gap-3'}>
            <dt className={compact ? 'sr-only' : 'text-muted'}>{t(label[key])}</dt>
            <dd className={key === 'usd' ? 'font-bold text-accent' : 'text-fg'}>{amounts[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
