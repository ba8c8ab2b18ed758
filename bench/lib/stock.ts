import type { Sealer } from '../../server/src/kernel/sealing';
import { codeHash } from '../../server/src/modules/fulfilment/stock-service';
import type { DB } from '../../server/src/db/database';
import { now } from '../../server/src/kernel/time';

/** Turns a product into one delivered from stock and fills it with `count` codes, as an upload would store them. */
export async function stockUp(db: DB, sealer: Sealer, productId: number, count: number): Promise<void> {
  await db.updateTable('products').set({ delivery: 'stock', type: 'id' }).where('id', '=', productId).execute();
  const t = now();
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
      const code = `BENCH-${productId}-${String(i + k).padStart(7, '0')}`;
      return {
        product_id: productId,
        code_enc: sealer.seal(code),
        code_hash: codeHash(sealer, productId, code),
        serial_enc: null,
        expires_at: null,
        status: 'available' as const,
        created_at: t,
      };
    });
    await db.insertInto('product_codes').values(rows).execute();
  }
}
