import type { AdminProduct } from '@raseed/contract';
import { ot } from '@/lib/console/copy-ar';
import { Badge } from '@/components/ui/badge';

/** A stock product at or under its threshold; manual and supplier products have no stock to run low. */
export function isLowStock(p: Pick<AdminProduct, 'stock' | 'low_stock_threshold'>): boolean {
  return p.stock !== null && p.stock.available <= p.low_stock_threshold;
}

/** "قارب على النفاد" (or "نفد المخزون" at zero) beside a stock product that needs codes. */
export function LowStockBadge({ product }: { product: Pick<AdminProduct, 'stock' | 'low_stock_threshold'> }) {
  if (!isLowStock(product)) return null;
  const out = product.stock?.available === 0;
  return <Badge tone="danger">{ot(out ? 'stock.out' : 'stock.low')}</Badge>;
}
