import type { Product } from '@raseed/contract';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { Card } from '@/components/ui/card';
import { ProductImage } from './discount-badge';
import { OldPrice } from './old-price';
import { ProductPrices } from './product-prices';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button';

/** A product on the department page: picture, name, the three prices and the buy button. */
export function DepartmentProduct({ product }: { product: Product }) {
  const titleId = `product-${product.id}-name`;
  return (
    <Card as="article" padding="none" aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden">
      <ProductImage product={product} className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <h3 id={titleId} className="text-center font-bold text-fg">
          {product.name}
        </h3>
        <div className="mt-auto grid justify-items-center gap-1">
          <OldPrice product={product} />
          <ProductPrices product={product} compact />
        </div>
        {product.available && !product.in_stock ? (
          <Button disabled variant="quiet" block className="text-sm">
            {t('product.outOfStock')}
          </Button>
        ) : product.available ? (
          <Link
            to={hrefs.product(product.id)}
            className={`${buttonClass('primary', { block: true })} text-sm`}
            aria-label={`${t('product.buy')}: ${product.name}`}
          >
            {t('product.buy')}
          </Link>
        ) : (
          <Button disabled variant="quiet" block className="text-sm">
            {t('category.unavailable')}
          </Button>
        )}
      </div>
    </Card>
  );
}
