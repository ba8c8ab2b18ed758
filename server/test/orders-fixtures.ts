import { work } from '../src/kernel/unit-of-work';
import type { Selectable } from 'kysely';
import type { DB, OrdersTable } from '../src/db/database';
import { now } from '../src/kernel/time';
import { debit } from '../src/modules/wallet/ledger';

/** A product to hang orders on (orders reference products). */
export async function makeProduct(
  db: DB,
  name = 'بطاقة اختبار',
  place: { category_id: number | null; department_id: number | null } = { category_id: null, department_id: null },
): Promise<number> {
  const { id } = await db
    .insertInto('products')
    .values({
      ...place,
      name,
      img: null,
      info: '',
      available: 1,
      price: 1_000_000,
      price_syr: 0,
      price_tr: 0,
      is_discount: 0,
      discount: 0,
      type: 'id',
      free: 0,
      min: 1,
      max: 1,
      unit_price: 0,
      unit_price_tr: 0,
      player_resolver: null,
      sort: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type TestOrder = {
  productId: number;
  price: number;
  name?: string;
  data?: string | null;
  phone?: string | null;
  api?: 0 | 1;
};

/**
 * Places an order the way placement does, without depending on its code: the pending row and the
 * debit of its price in one transaction, so an uncovered price leaves nothing behind.
 */
export function placeTestOrder(db: DB, userId: number, o: TestOrder): Promise<Selectable<OrdersTable>> {
  return work(db, async (trx) => {
    const t = now();
    const row = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        product_id: o.productId,
        product_name: o.name ?? 'بطاقة اختبار',
        status: 'pending',
        price: o.price,
        price_syr: 0,
        price_tr: 0,
        quantity: 1,
        data: o.data ?? '123456',
        data2: null,
        secret: null,
        phone: o.phone ?? null,
        note: null,
        api: o.api ?? 0,
        message: null,
        cancel_msg: null,
        idempotency_key: null,
        created_at: t,
        updated_at: t,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await debit(trx, userId, o.price, `شراء: ${row.product_name}`, { type: 'order', id: row.id });
    return row;
  });
}

export async function balanceOf(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.balance;
}

export function refundRows(db: DB, orderId: number) {
  return db
    .selectFrom('ledger')
    .selectAll()
    .where('ref_type', '=', 'order')
    .where('ref_id', '=', orderId)
    .where('credit', '>', 0)
    .execute();
}
