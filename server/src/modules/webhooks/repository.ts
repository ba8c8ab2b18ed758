import type { LeaseWindow } from '../../kernel/lease-worker';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables';

const listed = [
  'id',
  'url',
  'events',
  'failing_since',
  'disabled_at',
  'disabled_reason',
  'previous_secret_until',
  'created_at',
] as const;

export type EndpointRow = Awaited<ReturnType<typeof endpointsOf>>[number];

export async function insertEndpoint(db: DB, values: Insertable<WebhookEndpointsTable>): Promise<number> {
  const row = await db.insertInto('webhook_endpoints').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's endpoints, newest first, without their secrets. */
export function endpointsOf(db: DB, userId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(listed)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function endpointOf(db: DB, userId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(listed)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countEndpoints(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export { apiAccessOf, lockUser } from '../../db/user-rows';

/** Deletes one of the user's endpoints with its deliveries (cascade); false when there is none. */
export async function deleteEndpoint(db: DB, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The sealed secret of one of the user's endpoints, for a rotation. */
export function endpointSecret(db: DB, userId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['secret_enc'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateEndpoint(db: DB, id: number, set: Updateable<WebhookEndpointsTable>): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

/** What an attempt needs of its endpoint: where, and the secrets that sign. */
export function endpointForSend(db: DB, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'url', 'secret_enc', 'previous_secret_enc', 'previous_secret_until', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The first failed attempt since the last delivered one starts the endpoint's failing state. */
export async function markFailing(db: DB, id: number, t: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: t })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
}

/** A delivered attempt ends the failing state. */
export async function clearFailing(db: DB, id: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Turns the endpoint off; false when it was off already (so its owner is told once). */
export async function disableEndpoint(db: DB, id: number, reason: 'gone' | 'failing', t: string): Promise<boolean> {
  const r = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: t, disabled_reason: reason })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

const deliveryColumns = [
  'id',
  'event_id',
  'type',
  'state',
  'attempts',
  'last_status',
  'last_error',
  'next_attempt_at',
  'delivered_at',
  'created_at',
] as const;

export type DeliveryRow = Awaited<ReturnType<typeof deliveriesOf>>[number];

/** The endpoint's newest deliveries. */
export function deliveriesOf(db: DB, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Makes one delivery of the endpoint due now, as one attempt the customer asked for (`manual`),
 * whatever its state; undefined when the endpoint has no such delivery.
 */
export function retryDeliveryRow(db: DB, endpointId: number, deliveryId: number, t: string) {
  return db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', manual: 1, next_attempt_at: t, delivered_at: null })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .returning(deliveryColumns)
    .executeTakeFirst();
}

export type DeliveryJob = Pick<
  WebhookDeliveriesTable,
  'endpoint_id' | 'user_id' | 'event_id' | 'type' | 'subject' | 'created_at' | 'req_id'
> & { id: number; attempts: number; manual: number };

/**
 * Takes one due delivery with a lease (the push sender's scheme): only of endpoints that are on
 * and whose owner still has API access, skipping the customers whose share of sends is in flight.
 */
export async function claimDelivery(
  db: DB,
  owner: string,
  at: LeaseWindow,
  skipUsers: number[] = [],
): Promise<DeliveryJob | undefined> {
  const lock = isPostgres(db) ? sql`for update skip locked` : sql``;
  const live = sql`endpoint_id in (select e.id from webhook_endpoints e join users u on u.id = e.user_id
    where e.disabled_at is null and u.api_access = 1)`;
  const due = sql`next_attempt_at <= ${at.dueBy} and (lease_until is null or lease_until < ${at.now}) and ${live}`;
  const free = skipUsers.length ? sql`${due} and user_id not in (${sql.join(skipUsers)})` : due;
  const result = await sql<DeliveryJob>`
    with due as (
      select id from webhook_deliveries where ${free} order by next_attempt_at, id limit 1 ${lock}
    )
    update webhook_deliveries set lease_owner = ${owner}, lease_until = ${at.leaseUntil}
    where id in (select id from due) and ${free}
    returning id, endpoint_id, user_id, event_id, type, subject, attempts, manual, created_at, req_id`.execute(db);
  return result.rows[0];
}

/** Records an attempt's outcome as the lease holder and lets the lease go; false: the lease was lost. */
export async function settleDelivery(
  db: DB,
  id: number,
  owner: string,
  set: Updateable<WebhookDeliveriesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ ...set, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deliveries settled (delivered or given up) before `before` go: the list shows recent ones. */
export async function pruneDeliveries(db: DB, before: string): Promise<number> {
  const r = await db
    .deleteFrom('webhook_deliveries')
    .where('next_attempt_at', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
