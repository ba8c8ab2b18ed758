import type { Product } from '@raseed/contract';
import { t } from '@/lib/i18n';
import { CatalogImage } from './catalog-image';
import { Badge } from '@/components/ui/badge';

/** The percentage off, shown when the operator marked the product as discounted. */
export function DiscountBadge({ percent }: { percent: number }) {
  return <Badge tone="solid">{t('product.discountPercent', { n: percent })}</Badge>;
}

/** A product card's picture with its discount in the corner. */
export function ProductImage({ product, className }: { product: Product; className: string }) {
  return (
    <div className="relative">
      <CatalogImage src={product.img} className={className} />
      {product.is_discount && product.discount > 0 ? (
        <span className="absolute top-2 start-2">
          <DiscountBadge percent={product.discount} />
        </span>
      ) : null}
    </div>
  );
}
