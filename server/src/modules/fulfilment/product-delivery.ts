import type { AdminProduct } from '@raseed/contract';
import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import { deliveryMsg } from './messages-ar';
import { stockCounts, supplierExists } from './stock-repository';

/**
 * A named supplier must exist, whatever the delivery (the column points at it); a product
 * forwarded to a supplier must name one and its product id there.
 */
export async function checkDelivery(trx: DB, v: Record<string, unknown>): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const supplierId = v.supplier_id as number | null | undefined;
  if (supplierId !== null && supplierId !== undefined) {
    if (!(await supplierExists(trx, supplierId))) errors.supplier_id = [deliveryMsg.supplierNotFound];
  } else if (v.delivery === 'supplier') errors.supplier_id = [deliveryMsg.supplierRequired];
  if (v.delivery === 'supplier' && !v.supplier_product_id)
    errors.supplier_product_id = [deliveryMsg.supplierProductRequired];
  return errors;
}

/** The operator's view of a product, with its stock counts when it is delivered from stock. */
export async function withStock(db: DB, product: AdminProduct): Promise<AdminProduct> {
  if (product.delivery !== 'stock') return product;
  return { ...product, stock: await stockCounts(db, product.id, now()) };
}
