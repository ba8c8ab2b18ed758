import type { OrderStatus } from '@raseed/contract';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { textCandidates } from '../../db/text-search';
import { now } from '../../kernel/time';
import type { PageWindow } from '../../kernel/http/keyset-page';
import { queueWebhookEvent } from '../webhooks';
import { recordOrderEvent } from './order-events-repository';

export type OrderFilter = { status: OrderStatus | undefined; search: string | undefined };

/** `%`, `_` and the escape itself match literally: a customer searching "50%" means it. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ids of a page of the customer's orders, found in their index alone (`orders_user` carries the
 * status and the searched columns); a builder so a test can EXPLAIN it.
 */
export function userOrderPageIds(db: DB, userId: number, filter: OrderFilter, window: PageWindow) {
  let q = db.selectFrom('orders').select('id').where('user_id', '=', userId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const search = filter.search;
  if (search) {
    const pattern = likePattern(search);
    const idMatch = /^#?(\d{1,9})$/.exec(search);
    q = q.where((eb) =>
      eb.or([
        ...(['product_name', 'data', 'phone'] as const).map(
          (col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`,
        ),
        ...(idMatch ? [eb('id', '=', Number(idMatch[1]))] : []),
      ]),
    );
  }
  if (window.before !== undefined) q = q.where('id', '<', window.before);
  return q.orderBy('id', 'desc').limit(window.limit).offset(window.offset);
}

/** From this many orders on, a customer's search asks the text index first (db/text-search.ts). */
const MANY_ORDERS = 1_000;

/**
 * A page of the customer's orders, newest first: the ids from their index, then only those rows,
 * so a customer with thousands of orders is searched without fetching each of them from the table.
 * Such a customer's search is narrowed to the orders the text index names, when it names few:
 * a reseller's 14,000 orders cost PostgreSQL 10 ms of LIKEs a search, one player id 1 ms.
 */
export async function listUserOrders(db: DB, userId: number, filter: OrderFilter, window: PageWindow) {
  let ids = userOrderPageIds(db, userId, filter, window);
  if (filter.search && (await hasManyOrders(db, userId))) {
    const idMatch = /^#?(\d{1,9})$/.exec(filter.search);
    const candidates = await textCandidates(db, 'orders', filter.search);
    const narrowed = candidates && [...candidates, ...(idMatch ? [Number(idMatch[1])] : [])];
    if (narrowed?.length === 0) return [];
    if (narrowed) ids = ids.where('id', 'in', narrowed);
  }
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
}

async function hasManyOrders(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(1)
    .offset(MANY_ORDERS - 1)
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserOrder(db: DB, userId: number, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

/** The product's redemption steps as the operator has them now (null: none, or the product is gone). */
export async function productRedeemSteps(db: DB, productId: number): Promise<string | null> {
  const row = await db
    .selectFrom('products')
    .select('redeem_instructions')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.redeem_instructions ?? null;
}

export function findOrder(db: DB, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * An order delivered in the transaction that placed it (from code stock) is accepted with its
 * codes at once: it never was `pending` to anyone, so no status is left and the history shows
 * none, as on the one-statement road where it is inserted accepted.
 */
export async function acceptOnPlacement(trx: DB, orderId: number, codesEnc: string | null, apiAccess?: number) {
  const { rows } = await acceptTemplate(trx, { orderId, codesEnc });
  const row = rows[0];
  if (!row) throw new Error(`order ${orderId} was not pending`);
  await announceDelivered(trx, row, apiAccess);
  return row;
}

/**
 * A reseller hears of an order delivered at placement as of an order accepted. `apiAccess`: the
 * buyer's, from the row the purchase's debit returned (webhooks' `queueWebhookEvent`).
 */
export async function announceDelivered(trx: DB, row: Selectable<OrdersTable>, apiAccess?: number) {
  await queueWebhookEvent(trx, { userId: row.user_id, type: 'order.updated', subject: row, apiAccess });
}

// Every sale from stock accepts its order: built once, then only re-filled (db/query-template.ts).
const acceptTemplate = queryTemplate(['orderId', 'codesEnc'], (db, v: { orderId: number; codesEnc: string | null }) =>
  db
    .updateTable('orders')
    .set({ status: 'success', codes_enc: v.codesEnc })
    .where('id', '=', v.orderId)
    .where('status', '=', 'pending')
    .returningAll(),
);

export type TransitionGuard = { id: number; from: OrderStatus[]; userId?: number; api?: 0 | 1 };

/**
 * The only way an order changes status: one conditional UPDATE that names the statuses it may
 * leave. When two requests race, the database lets exactly one of them match; the other gets
 * undefined and must not pay or refund anything.
 */
export async function transitionOrder(trx: DB, guard: TransitionGuard, set: Updateable<OrdersTable>) {
  const at = now();
  // The status this change leaves, for the history. The UPDATE also requires it, so a change
  // made by someone else between this read and the UPDATE makes this one lose the race cleanly.
  const before = await trx.selectFrom('orders').select('status').where('id', '=', guard.id).executeTakeFirst();
  if (!before || !guard.from.includes(before.status)) return undefined;
  let q = trx
    .updateTable('orders')
    .set({ ...set, updated_at: at })
    .where('id', '=', guard.id)
    .where('status', '=', before.status);
  if (guard.userId !== undefined) q = q.where('user_id', '=', guard.userId);
  if (guard.api !== undefined) q = q.where('api', '=', guard.api);
  const changed = await q.returningAll().executeTakeFirst();
  // The status history and the resellers' webhook event are written in the same transaction, so
  // they can never disagree with it, nor outlive a rollback.
  if (changed) {
    await recordOrderEvent(trx, changed.id, before.status, changed.status, at);
    await queueWebhookEvent(trx, { userId: changed.user_id, type: 'order.updated', subject: changed });
  }
  return changed;
}
