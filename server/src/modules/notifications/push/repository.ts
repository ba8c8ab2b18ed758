import type { LeaseWindow } from '../../../kernel/lease-worker';
import type { Updateable } from 'kysely';
import { type Expression, sql } from 'kysely';
import type { DB } from '../../../db/database';
import { isPostgres } from '../../../db/engine';
import { queryTemplate } from '../../../db/query-template';
import { now } from '../../../kernel/time';
import type { PushOutboxTable } from './tables';

export type PushJob = {
  id: number;
  payload: string;
  attempts: number;
  subscription_id: number;
  /** The subscriber: the sender keeps one customer's sends to a few at once. */
  user_id: number;
  /** The request that queued it, whose id the sender's log lines carry. */
  req_id: string | null;
};

/** A session's subscription: one per session (a new one replaces it), an endpoint belongs to one session. */
export async function saveSubscription(
  trx: DB,
  input: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string },
) {
  await trx
    .deleteFrom('push_subscriptions')
    .where((eb) => eb.or([eb('session_id', '=', input.sessionId), eb('endpoint', '=', input.endpoint)]))
    .execute();
  await trx
    .insertInto('push_subscriptions')
    .values({
      user_id: input.userId,
      session_id: input.sessionId,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      created_at: now(),
    })
    .execute();
  // At most SUBSCRIPTIONS_PER_USER browsers per customer: a new one retires the oldest.
  const kept = trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', input.userId)
    .orderBy('id', 'desc')
    .limit(SUBSCRIPTIONS_PER_USER);
  await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', input.userId)
    .where('id', 'not in', (eb) => eb.selectFrom(kept.as('newest')).select('newest.id'))
    .execute();
}

/** Browsers a customer may have subscribed at once (the hardening review's cap). */
export const SUBSCRIPTIONS_PER_USER = 10;

export async function deleteSessionSubscription(db: DB, sessionId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

export async function deleteSubscription(db: DB, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The subscription holding this endpoint (one browser's push address), if any. */
export function findSubscriptionByEndpoint(db: DB, endpoint: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'session_id', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

export function findSubscription(db: DB, id: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Takes one due row with a lease (same scheme as delivery/outbox-repository.ts). */
export async function claimPush(
  db: DB,
  owner: string,
  at: LeaseWindow,
  skipUsers: number[] = [],
): Promise<PushJob | undefined> {
  const lock = isPostgres(db) ? sql`for update skip locked` : sql``;
  const due = sql`next_attempt_at <= ${at.dueBy} and (lease_until is null or lease_until < ${at.now})`;
  // Customers with their share of sends in flight wait; everyone else's pushes go first.
  const free = skipUsers.length
    ? sql`${due} and subscription_id not in
        (select id from push_subscriptions where user_id in (${sql.join(skipUsers)}))`
    : due;
  const result = await sql<PushJob>`
    with due as (
      select id from push_outbox where ${free} order by next_attempt_at, id limit 1 ${lock}
    )
    update push_outbox set lease_owner = ${owner}, lease_until = ${at.leaseUntil}
    where id in (select id from due) and ${free}
    returning id, payload, attempts, subscription_id, req_id,
      (select user_id from push_subscriptions s where s.id = push_outbox.subscription_id) as user_id`.execute(db);
  return result.rows[0];
}

export async function finishPush(db: DB, id: number, owner: string): Promise<void> {
  await db.deleteFrom('push_outbox').where('id', '=', id).where('lease_owner', '=', owner).execute();
}

export async function settlePush(db: DB, id: number, owner: string, set: Updateable<PushOutboxTable>): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ ...set, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * The browsers a push may go to: subscriptions whose session is still signed in at `t` (a
 * signed-out browser gets nothing more). Both ways a push is queued select from it:
 * `insertPushesFor` and the one-statement stock sale (notice-statements.ts).
 */
export function signedInSubscriptions(db: DB, t: string) {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', t);
}

/** The columns of a queued push, in the order `pushRow` selects them. */
export const PUSH_ROW_COLUMNS = [
  'subscription_id',
  'payload',
  'attempts',
  'next_attempt_at',
  'created_at',
  'req_id',
] as const;

/**
 * A queued push of `payload` to each subscription selected: due at once, not yet tried, under the
 * id of the request that queued it (`reqId`), which the sender's log lines carry.
 */
export function pushRow(payload: Expression<string>, t: string, reqId: string | null) {
  return [
    sql<number>`push_subscriptions.id`.as('subscription_id'),
    sql<string>`${payload}`.as('payload'),
    sql<number>`0`.as('attempts'),
    sql<string>`${t}`.as('next_attempt_at'),
    sql<string>`${t}`.as('created_at'),
    sql<string | null>`${reqId}`.as('req_id'),
  ];
}

/**
 * One queued push per browser of the user (null: every customer, of `storefront` when given)
 * whose session is still signed in, all in one INSERT … SELECT; answers how many it queued.
 */
export async function insertPushesFor(
  trx: DB,
  userId: number | null,
  push: { payload: string; t: string; reqId: string | null },
  storefront: number | null = null,
): Promise<number> {
  const { payload, t, reqId } = push;
  if (userId === null) {
    let subs = signedInSubscriptions(trx, t)
      .select(pushRow(sql<string>`${payload}`, t, reqId))
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .where('users.role', '=', 'customer');
    if (storefront !== null) subs = subs.where('users.storefront_id', '=', storefront);
    const result = await trx.insertInto('push_outbox').columns(PUSH_ROW_COLUMNS).expression(subs).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  // Every delivered order queues its pushes: built once, then only re-filled (db/query-template.ts).
  const result = await insertUserPushes(trx, { userId, payload, t, reqId });
  return Number(result.numAffectedRows ?? 0);
}

const insertUserPushes = queryTemplate(
  ['userId', 'payload', 't', 'reqId'],
  (db, v: { userId: number; payload: string; t: string; reqId: string | null }) =>
    db
      .insertInto('push_outbox')
      .columns(PUSH_ROW_COLUMNS)
      .expression(
        signedInSubscriptions(db, v.t)
          .select(pushRow(sql<string>`${v.payload}`, v.t, v.reqId))
          .where('push_subscriptions.user_id', '=', v.userId),
      ),
);
