import type { DB } from '../db/database';

async function count(db: DB, table: 'charges' | 'orders', statuses: string[]): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', statuses as never[])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What waits for an operator: pending top-ups, orders not yet done, and cancel requests. */
export async function operatorStats(db: DB) {
  const [pending_charges, open_orders, cancel_requests] = await Promise.all([
    count(db, 'charges', ['pending']),
    count(db, 'orders', ['pending', 'wait', 'request_cancel']),
    count(db, 'orders', ['request_cancel']),
  ]);
  return { pending_charges, open_orders, cancel_requests };
}
