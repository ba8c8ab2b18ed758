import type { LeaseWindow } from '../../kernel/lease-worker';
import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DB, OrderOutboxTable } from '../../db/database';
import { isPostgres } from '../../db/engine';

export type OutboxRow = Awaited<ReturnType<typeof findForward>> & {};

/** Written in the order's own transaction: an order paid for is never without its outbox row. */
export function insertForward(
  trx: DB,
  job: { orderId: number; supplierId: number; idempotencyKey: string; t: string; reqId: string | null },
) {
  const { orderId, supplierId, idempotencyKey, t, reqId } = job;
  return trx
    .insertInto('order_outbox')
    .values({
      order_id: orderId,
      supplier_id: supplierId,
      idempotency_key: idempotencyKey,
      state: 'send',
      attempts: 0,
      next_attempt_at: t,
      created_at: t,
      updated_at: t,
      req_id: reqId,
    })
    .execute();
}

export function findForward(db: DB, orderId: number) {
  return db.selectFrom('order_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * Takes one due row with a lease, or none. The UPDATE re-checks the lease it is about to take, so
 * two workers (two instances) never hold the same row: on PostgreSQL the loser's pick skips the
 * locked row, on SQLite writers run one at a time. A lease that ran out (its worker crashed) is
 * due again, and the work it stood for is repeated with the same idempotency key.
 */
export async function claimDue(
  db: DB,
  owner: string,
  at: LeaseWindow,
): Promise<(OrderOutboxTable & { id: number }) | undefined> {
  const lock = isPostgres(db) ? sql`for update skip locked` : sql``;
  const t = at.now;
  const leaseUntil = at.leaseUntil;
  const free = sql`state in ('send', 'follow') and next_attempt_at <= ${at.dueBy}
    and (lease_until is null or lease_until < ${t})`;
  const result = await sql<OrderOutboxTable & { id: number }>`
    with due as (
      select id from order_outbox where ${free} order by next_attempt_at, id limit 1 ${lock}
    )
    update order_outbox set lease_owner = ${owner}, lease_until = ${leaseUntil}, updated_at = ${t}
    where id in (select id from due) and ${free}
    returning *`.execute(db);
  return result.rows[0];
}

/**
 * Records the outcome of a leased attempt and gives the lease back. Only the holder of the lease
 * may write it: after a lease ran out and another worker took the row, the late writer changes
 * nothing (undefined), and must roll back whatever else it did in the same transaction.
 */
export function settle(db: DB, id: number, owner: string, set: Updateable<OrderOutboxTable>) {
  return db
    .updateTable('order_outbox')
    .set({ ...set, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .returning('id')
    .executeTakeFirst();
}

/** The operator decided by hand: a forward that needed attention is over (undefined if it no longer did). */
export function closeForward(trx: DB, orderId: number, t: string) {
  return trx
    .updateTable('order_outbox')
    .set({ state: 'done', updated_at: t })
    .where('order_id', '=', orderId)
    .where('state', '=', 'attention')
    .returning('id')
    .executeTakeFirst();
}

/** The operator's "retry": back to sending (or following, once upstream has the order), now. */
export function rearm(trx: DB, orderId: number, t: string) {
  return trx
    .updateTable('order_outbox')
    .set({
      state: sql`case when upstream_order_id is null then 'send' else 'follow' end`,
      attempts: 0,
      next_attempt_at: t,
      last_error: null,
      updated_at: t,
    })
    .where('order_id', '=', orderId)
    .where('state', '=', 'attention')
    .returning(['id', 'state'])
    .executeTakeFirst();
}

export async function countAttention(db: DB): Promise<number> {
  const row = await db
    .selectFrom('order_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'attention')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The supplier's own id of the product an order forwards. */
export function findUpstreamProduct(db: DB, productId: number) {
  return db.selectFrom('products').select('supplier_product_id').where('id', '=', productId).executeTakeFirst();
}

/** Outbox rows made before their Idempotency-Key was stored with them. */
export function forwardsWithoutKey(db: DB, limit: number) {
  return db
    .selectFrom('order_outbox')
    .select(['id', 'order_id'])
    .where('idempotency_key', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function storeForwardKey(trx: DB, id: number, key: string): Promise<void> {
  await trx
    .updateTable('order_outbox')
    .set({ idempotency_key: key })
    .where('id', '=', id)
    .where('idempotency_key', 'is', null)
    .execute();
}

/** The forward a supplier's webhook speaks of, by the order's id at that supplier. */
export function findForwardByUpstream(db: DB, supplierId: number, upstreamOrderId: string) {
  return db
    .selectFrom('order_outbox')
    .selectAll()
    .where('supplier_id', '=', supplierId)
    .where('upstream_order_id', '=', upstreamOrderId)
    .executeTakeFirst();
}

/**
 * The supplier told us the outcome (its webhook): nothing left to follow. A worker holding the
 * lease meanwhile finds it taken away and rolls its own recording back.
 */
export function finishForward(trx: DB, id: number, t: string) {
  return trx
    .updateTable('order_outbox')
    .set({ state: 'done', lease_owner: null, lease_until: null, last_error: null, updated_at: t })
    .where('id', '=', id)
    .execute();
}
