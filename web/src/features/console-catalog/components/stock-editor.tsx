import type { AdminProduct } from '@raseed/contract';
import { ot } from '@/lib/console/copy-ar';
import { CodesUpload } from './codes-upload';
import { LowStockBadge } from './stock-badge';
import { StockCodes } from './stock-codes';
import { Card } from '@/components/ui/card';

/** The code stock of a product delivered from stock: counts, adding codes, and the codes themselves. */
export function StockEditor({ product }: { product: AdminProduct }) {
  const stock = product.stock ?? { available: 0, sold: 0 };
  return (
    <Card as="section" className="flex flex-col gap-4" aria-labelledby="stock-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="stock-title" className="text-xl font-bold text-fg">
          {ot('stock.title')}
        </h2>
        <LowStockBadge product={{ stock, low_stock_threshold: product.low_stock_threshold }} />
      </div>
      <dl className="grid max-w-md grid-cols-2 gap-3">
        <div className="rounded-xl bg-surface-2 p-3">
          <dt className="text-sm text-muted">{ot('stock.available')}</dt>
          <dd className="text-2xl font-bold text-fg">{stock.available}</dd>
        </div>
        <div className="rounded-xl bg-surface-2 p-3">
          <dt className="text-sm text-muted">{ot('stock.sold')}</dt>
          <dd className="text-2xl font-bold text-fg">{stock.sold}</dd>
        </div>
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CodesUpload productId={product.id} />
        <StockCodes productId={product.id} />
      </div>
    </Card>
  );
}
