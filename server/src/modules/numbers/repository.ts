import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DB, NumberActivationsTable, NumberStatus } from '../../db/database';
import { isPostgres } from '../../db/engine';

/** Purchases: the customer's rows, and the worker's claim / settle on the same table. */

export type ActivationRow = Awaited<ReturnType<typeof findActivation>> & {};

export function findActivation(db: DB, id: number) {
  return db.selectFrom('number_activations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A purchase within a caller's reach: one storefront's (a staff account's), or any (null). */
export function findActivationIn(db: DB, id: number, storefront: number | null) {
  return db
    .selectFrom('number_activations')
    .selectAll()
    .where('id', '=', id)
    .$if(storefront !== null, (q) => q.where('storefront_id', '=', storefront!))
    .executeTakeFirst();
}

export function findByKey(db: DB, userId: number, key: string) {
  return db
    .selectFrom('number_activations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function insertActivation(trx: DB, values: Insertable<NumberActivationsTable>) {
  return trx.insertInto('number_activations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listActivations(
  db: DB,
  f: { userId?: number; status?: NumberStatus; storefront?: number | null; offset: number; limit: number },
) {
  let q = db.selectFrom('number_activations').selectAll();
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.storefront != null) q = q.where('storefront_id', '=', f.storefront);
  if (f.status) q = q.where('status', '=', f.status);
  return q.orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute();
}

/**
 * A status change that happens once: only from one of `from`, and for a refund only if none was
 * made. Two racers (customer cancel, code arriving, window end, operator refund) run the same
 * conditional UPDATE; exactly one gets the row back.
 */
export function transition(
  trx: DB,
  id: number,
  from: NumberStatus[],
  set: Updateable<NumberActivationsTable>,
  opts: { noCode?: boolean } = {},
) {
  let q = trx.updateTable('number_activations').set(set).where('id', '=', id).where('status', 'in', from);
  if (opts.noCode) q = q.where('codes', '=', '[]');
  if (set.refunded_at) q = q.where('refunded_at', 'is', null);
  return q.returningAll().executeTakeFirst();
}

/** Takes one due purchase with a lease, or none (same scheme as delivery/outbox-repository.ts). */
export async function claimDue(
  db: DB,
  owner: string,
  t: string,
  leaseUntil: string,
): Promise<ActivationRow | undefined> {
  const lock = isPostgres(db) ? sql`for update skip locked` : sql``;
  const free = sql`step <> 'done' and next_at <= ${t} and (lease_until is null or lease_until < ${t})`;
  const result = await sql<ActivationRow>`
    with due as (
      select id from number_activations where ${free} order by next_at, id limit 1 ${lock}
    )
    update number_activations set lease_owner = ${owner}, lease_until = ${leaseUntil}
    where id in (select id from due) and ${free}
    returning *`.execute(db);
  const row = result.rows[0];
  return row ? { ...row, price: Number(row.price) } : undefined;
}

/** Writes as the lease holder; undefined when the lease was lost (the caller rolls back). */
export function settle(db: DB, id: number, owner: string, set: Updateable<NumberActivationsTable>, release = true) {
  return db
    .updateTable('number_activations')
    .set(release ? { ...set, lease_owner: null, lease_until: null } : set)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .returningAll()
    .executeTakeFirst();
}

export async function knownUpstreamIds(db: DB, providerId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('number_activations')
    .select('upstream_id')
    .where('provider_id', '=', providerId)
    .where('upstream_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.upstream_id!));
}

/** The customers a list of purchases names, as the operator sees them. */
export function usersByIds(db: DB, ids: number[]) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
}

/** The provider's service and country codes of a number service. */
export function serviceCodes(db: DB, serviceId: number) {
  return db
    .selectFrom('number_services')
    .select(['service', 'country'])
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
}

/** A purchase's status as committed now (a cancel or refund may have raced the worker). */
export async function activationStatus(db: DB, id: number) {
  return (await db.selectFrom('number_activations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}
