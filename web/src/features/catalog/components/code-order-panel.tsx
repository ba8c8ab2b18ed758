import type { Product } from '@raseed/contract';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useOrderSubmit } from '../lib/use-order-submit';
import { orderPriceMicros } from '../lib/order-price';
import { reviewRows } from '../lib/review-rows';
import { OrderActions } from './order-actions';

/** A code is bought directly, one at a time (docs/product-rules.md#validation: qty is always 1). */
export function CodeOrderPanel({ product }: { product: Product }) {
  const order = useOrderSubmit(product, 'code');
  return (
    <form
      noValidate
      aria-label={t('order.form')}
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        order.submit({});
      }}
    >
      <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm">
        <span className="text-muted">
          {t('order.quantity')}: <span>1</span>
        </span>
        <span className="font-bold text-accent">{formatCurrency(product.price, 'USD')}</span>
      </div>
      <OrderActions
        product={product}
        order={order}
        priceMicros={orderPriceMicros(product)}
        rows={reviewRows(product, {})}
      />
    </form>
  );
}
