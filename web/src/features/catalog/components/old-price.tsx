import type { Product } from '@raseed/contract';
import { formatMicros } from '@/lib/format';
import { t } from '@/lib/i18n';
import { oldPriceMicros } from '../lib/old-price';

/** The pre-discount price, crossed out; screen readers hear what it is rather than a strike. */
export function OldPrice({ product }: { product: Pick<Product, 'price' | 'is_discount' | 'discount' | 'free'> }) {
  const old = oldPriceMicros(product);
  if (old === null) return null;
  return (
    <s className="text-sm text-muted">
      <span className="sr-only">{t('product.oldPrice')}: </span>
      {formatMicros(old, 'USD')}
    </s>
  );
}
