import type { Product } from '@raseed/contract';
import { Link } from 'react-router';
import { formatCurrency } from '@/lib/format';
import { hrefs } from '@/lib/paths';
import { formatUnitPrice } from '../lib/unit-price';
import { ProductImage } from './discount-badge';
import { OldPrice } from './old-price';
import { cardLink } from './styles';
import { UnavailableBadge } from './unavailable-badge';

/** A product on the category page: picture, name, USD price and its discount. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Link to={hrefs.product(product.id)} className={cardLink}>
      <ProductImage product={product} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col items-center gap-1 p-3 text-center">
        <span className="font-bold text-fg">{product.name}</span>
        <span className="flex flex-wrap items-baseline justify-center gap-x-2">
          <span className="font-bold text-accent">
            {product.free ? formatUnitPrice(product.unit_price, 'USD') : formatCurrency(product.price, 'USD')}
          </span>
          <OldPrice product={product} />
        </span>
        {!product.available ? <UnavailableBadge /> : !product.in_stock ? <UnavailableBadge soldOut /> : null}
      </div>
    </Link>
  );
}
