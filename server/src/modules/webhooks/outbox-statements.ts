import { type Expression, sql } from 'kysely';
import type { DB } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import type { WebhookDeliveriesTable } from './tables';

export type WebhookEventType = WebhookDeliveriesTable['type'];

/** The columns of a queued delivery, in the order `deliveryRow` selects them. */
const DELIVERY_COLUMNS = [
  'endpoint_id',
  'user_id',
  'event_id',
  'type',
  'subject',
  'state',
  'next_attempt_at',
  'created_at',
  'req_id',
] as const;

/** How an endpoint's JSON list of events names one: `["order.updated",…]` holds `"order.updated"`. */
export const eventPattern = (type: string) => `%"${type}"%`;

/**
 * The endpoints an event of `type` goes to: the user's, on, taking that type, while the user has
 * API access. Indexed by user: for a customer without endpoints it reads nothing.
 */
function takers(db: DB, userId: number, pattern: string) {
  return db
    .selectFrom('webhook_endpoints')
    .innerJoin('users', 'users.id', 'webhook_endpoints.user_id')
    .where('webhook_endpoints.user_id', '=', userId)
    .where('webhook_endpoints.disabled_at', 'is', null)
    .where('users.api_access', '=', 1)
    .where('webhook_endpoints.events', 'like', pattern);
}

/** A queued delivery of the event to each endpoint selected: due at once, not yet tried. */
function deliveryRow(e: {
  eventId: string;
  type: string;
  subject: Expression<string>;
  t: string;
  reqId: string | null;
}) {
  return [
    sql<number>`webhook_endpoints.id`.as('endpoint_id'),
    sql<number>`webhook_endpoints.user_id`.as('user_id'),
    sql<string>`${e.eventId}`.as('event_id'),
    sql<string>`${e.type}`.as('type'),
    sql<string>`${e.subject}`.as('subject'),
    sql<string>`'pending'`.as('state'),
    sql<string>`${e.t}`.as('next_attempt_at'),
    sql<string>`${e.t}`.as('created_at'),
    sql<string | null>`${e.reqId}`.as('req_id'),
  ];
}

/**
 * Whether any endpoint takes the event: most customers have none, and this read is several
 * times cheaper than an INSERT that inserts nothing (on SQLite it still opens the outbox and its
 * indexes for writing), so the insert runs only when it has rows to write.
 */
export const anyTaker = queryTemplate(['userId', 'pattern'], (db, v: { userId: number; pattern: string }) =>
  takers(db, v.userId, v.pattern).select(sql<number>`1`.as('one')).limit(1),
);

type QueuedEvent = {
  userId: number;
  type: string;
  pattern: string;
  eventId: string;
  subject: string;
  t: string;
  reqId: string | null;
};

/**
 * One queued delivery per endpoint of the user taking the event, in one INSERT … SELECT: a no-op
 * insert for a customer without endpoints. Written on every order, balance and number change, so
 * built once and then only re-filled (db/query-template.ts).
 */
export const insertDeliveries = queryTemplate(
  ['userId', 'type', 'pattern', 'eventId', 'subject', 't', 'reqId'],
  (db, v: QueuedEvent) =>
    db
      .insertInto('webhook_deliveries')
      .columns(DELIVERY_COLUMNS)
      .expression(
        takers(db, v.userId, v.pattern).select(
          deliveryRow({
            eventId: v.eventId,
            type: v.type,
            subject: sql<string>`${v.subject}`,
            t: v.t,
            reqId: v.reqId,
          }),
        ),
      ),
);

/**
 * The same deliveries inside one statement (PostgreSQL's one-statement order, checkout): the
 * subject is the row of the CTE `from` as JSON, and nothing is queued when it has none.
 */
export function deliveriesOfRow(
  db: DB,
  e: { userId: number; type: WebhookEventType; eventId: string; t: string; from: string; reqId: string | null },
) {
  const subject = sql<string>`(select to_json(${sql.table(e.from)})::text from ${sql.table(e.from)})`;
  return db
    .insertInto('webhook_deliveries')
    .columns(DELIVERY_COLUMNS)
    .expression(
      takers(db, e.userId, eventPattern(e.type))
        .where(sql<boolean>`exists (select 1 from ${sql.table(e.from)})`)
        .select(deliveryRow({ eventId: e.eventId, type: e.type, subject, t: e.t, reqId: e.reqId })),
    );
}
