import type { Product } from '@raseed/contract';
import { Card } from '@/components/ui/card';
import { htmlToPlainText } from '../lib/plain-text';
import { CatalogImage } from './catalog-image';
import { DiscountBadge } from './discount-badge';
import { OldPrice } from './old-price';
import { ProductPrices } from './product-prices';

/** Picture, name, the operator's info as plain text, and the prices in USD, TRY and SYP. */
export function ProductDetails({ product }: { product: Product }) {
  const info = htmlToPlainText(product.info);
  return (
    <Card className="grid content-start gap-4">
      <CatalogImage priority src={product.img} className="aspect-[16/9] w-full rounded-xl md:aspect-[4/3]" />
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold text-fg">{product.name}</h2>
        {product.is_discount && product.discount > 0 ? <DiscountBadge percent={product.discount} /> : null}
        <OldPrice product={product} />
      </div>
      {info ? <p className="whitespace-pre-line text-muted">{info}</p> : null}
      <ProductPrices
        product={product}
        order={['usd', 'try', 'syp']}
        className="rounded-xl border border-line bg-surface-2 p-3"
      />
    </Card>
  );
}
