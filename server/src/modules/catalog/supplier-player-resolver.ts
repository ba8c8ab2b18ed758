import type { PlayerResolver } from './player-resolvers';
import type { ProductRow } from './repository';
import type { DB } from '../../db/database';
import type { SupplierPool } from '../fulfilment';
import { findSupplierRow } from '../fulfilment';

/** Check-player for a product forwarded to a supplier: the supplier's own check-player answers. */
export function supplierPlayerResolver(db: DB, pool: SupplierPool, product: ProductRow): PlayerResolver | undefined {
  const { supplier_id: supplierId, supplier_product_id: upstreamProduct } = product;
  if (product.delivery !== 'supplier' || supplierId === null || !upstreamProduct) return undefined;
  return {
    async resolve(playerId) {
      const row = await findSupplierRow(db, supplierId);
      return row ? pool.get(row).checkPlayer(upstreamProduct, playerId) : null;
    },
  };
}
