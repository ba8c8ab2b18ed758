import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** One background worker's queue: rows it still owes, and how late the most overdue one is. */
export type OutboxFigures = { depth: number; oldestDueAt: string | null };

export type StoreFigures = {
  orders: { status: string; count: number }[];
  topups: { status: string; count: number }[];
  oldestPendingOrderAt: string | null;
  oldestPendingTopupAt: string | null;
  outboxes: Record<'forwarder' | 'numbers' | 'push' | 'webhooks', OutboxFigures>;
};

const count = sql<number>`count(*)`;

/**
 * What a scrape reads, each an index walk: orders by (status, id), the oldest waiting order and
 * top-up by (status, created_at), and every outbox by its due index. Read-only, outside any
 * transaction: a scrape never waits behind a write and never holds one up.
 */
export async function readStoreFigures(db: DB, at: string): Promise<StoreFigures> {
  const outbox = async (
    depth: Promise<{ n: number } | undefined>,
    due: Promise<{ t: string | null } | undefined>,
  ): Promise<OutboxFigures> => {
    const [d, o] = await Promise.all([depth, due]);
    return { depth: Number(d?.n ?? 0), oldestDueAt: o?.t ?? null };
  };
  const [orders, topups, oldestOrder, oldestTopup, forwarder, numbers, push, webhooks] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', count.as('count')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('charges')
      .select(['status', count.as('count')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('orders')
      .select((e) => e.fn.min('created_at').as('t'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('charges')
      .select((e) => e.fn.min('created_at').as('t'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    outbox(
      db.selectFrom('order_outbox').select(count.as('n')).where('state', 'in', ['send', 'follow']).executeTakeFirst(),
      db
        .selectFrom('order_outbox')
        .select((e) => e.fn.min('next_attempt_at').as('t'))
        .where('state', 'in', ['send', 'follow'])
        .where('next_attempt_at', '<=', at)
        .executeTakeFirst(),
    ),
    outbox(
      db.selectFrom('number_activations').select(count.as('n')).where('step', '<>', 'done').executeTakeFirst(),
      db
        .selectFrom('number_activations')
        .select((e) => e.fn.min('next_at').as('t'))
        .where('step', '<>', 'done')
        .where('next_at', '<=', at)
        .executeTakeFirst(),
    ),
    outbox(
      db.selectFrom('push_outbox').select(count.as('n')).executeTakeFirst(),
      db
        .selectFrom('push_outbox')
        .select((e) => e.fn.min('next_attempt_at').as('t'))
        .where('next_attempt_at', '<=', at)
        .executeTakeFirst(),
    ),
    outbox(
      db.selectFrom('webhook_deliveries').select(count.as('n')).where('state', '=', 'pending').executeTakeFirst(),
      db
        .selectFrom('webhook_deliveries')
        .select((e) => e.fn.min('next_attempt_at').as('t'))
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .executeTakeFirst(),
    ),
  ]);
  const counted = (rows: { status: string; count: number }[]) =>
    rows.map((r) => ({ status: r.status, count: Number(r.count) }));
  return {
    orders: counted(orders),
    topups: counted(topups),
    oldestPendingOrderAt: oldestOrder?.t ?? null,
    oldestPendingTopupAt: oldestTopup?.t ?? null,
    outboxes: { forwarder, numbers, push, webhooks },
  };
}
