import type { Product } from '@raseed/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProductImage } from './discount-badge';
import { OldPrice } from './old-price';
import { ProductPrices } from './product-prices';

const frame = 'flex w-full flex-col overflow-hidden';

/**
 * A product on the department page: picture, name, the three prices and the buy button. A
 * product for sale is one link filling the card (a thumb anywhere on it opens the product),
 * named "شراء: {name}" with its prices as the description; «شراء» inside only looks like a
 * button, so there is no control within a control. One that cannot be bought has no link: a
 * disabled button says why (docs/product-rules.md#screens).
 */
export function DepartmentProduct({ product }: { product: Product }) {
  const titleId = `product-${product.id}-name`;
  const pricesId = `product-${product.id}-prices`;
  const body = (action: ReactNode) => (
    <>
      <ProductImage product={product} className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <h3 id={titleId} className="text-center font-bold text-fg">
          {product.name}
        </h3>
        <div id={pricesId} className="mt-auto grid justify-items-center gap-1">
          <OldPrice product={product} />
          <ProductPrices product={product} compact />
        </div>
        {action}
      </div>
    </>
  );
  if (!product.available || !product.in_stock) {
    return (
      <Card as="article" padding="none" aria-labelledby={titleId} className={frame}>
        {body(
          <Button disabled variant="quiet" block className="text-sm">
            {product.available ? t('product.outOfStock') : t('category.unavailable')}
          </Button>,
        )}
      </Card>
    );
  }
  return (
    <Card
      as="article"
      padding="none"
      aria-labelledby={titleId}
      className={`${frame} transition-colors hover:border-accent focus-within:border-accent`}
    >
      <Link
        to={hrefs.product(product.id)}
        aria-label={`${t('product.buy')}: ${product.name}`}
        aria-describedby={pricesId}
        className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]"
      >
        {body(
          <span aria-hidden="true" className={`${buttonClass('primary', { block: true })} text-sm`}>
            {t('product.buy')}
          </span>,
        )}
      </Link>
    </Card>
  );
}
