import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgres } from '../../db/engine';

/**
 * The dashboard's summaries (db/dashboard-tables.ts): rows created before `until` counted per
 * UTC hour (sales per product and UTC day). The triggers of migration
 * 2026-11-26-12-dashboard-summaries (per storefront since 2026-11-26-28-storefront-sums, number
 * purchases since 2026-11-26-31-number-purchase-sums) keep them
 * right when such a row changes; here they are moved forward and read, for one storefront or all.
 * A count can fall to 0 and stays as a row: reads skip those.
 */

export async function summarizedUntil(db: DB): Promise<string> {
  const row = await db.selectFrom('dashboard_summaries').select('until').where('id', '=', 1).executeTakeFirst();
  return row?.until ?? '';
}

/** `until` inside a transaction that moves it: PostgreSQL's triggers wait on this lock (FOR SHARE). */
export async function lockUntil(trx: DB): Promise<string> {
  const q = trx.selectFrom('dashboard_summaries').select('until').where('id', '=', 1);
  return (await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow()).until;
}

const hourOf = sql<string>`substr(created_at, 1, 13)`;
const dayOf = sql<string>`substr(created_at, 1, 10)`;
/** A top-up's or a customer's storefront is the customer's; 0 for an operator, who belongs to none. */
const customerStore = sql<number>`coalesce(users.storefront_id, 0)`;
/** On a summary row already there, the counts add up. */
const adding = (table: 'orders_by_hour' | 'numbers_by_hour' | 'charges_by_hour' | 'sales_by_product_day') => ({
  n: sql<number>`${sql.ref(`${table}.n`)} + excluded.n`,
  total: sql<number>`${sql.ref(`${table}.total`)} + excluded.total`,
});

const PURCHASE_SUMS = [
  ['orders', 'orders_by_hour'],
  ['number_activations', 'numbers_by_hour'],
] as const;

/** Counts the rows created in [from, to) into the summaries and moves `until` to `to`. */
export async function summarize(trx: DB, from: string, to: string): Promise<void> {
  const orders = () => trx.selectFrom('orders').where('created_at', '>=', from).where('created_at', '<', to);
  // Orders and number purchases are summed alike: count, price charged and provider's price.
  for (const [source, target] of PURCHASE_SUMS) {
    await trx
      .insertInto(target)
      .columns(['at_hour', 'storefront_id', 'status', 'n', 'total', 'provider_total'])
      .expression(
        trx
          .selectFrom(source)
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .select((eb) => [
            hourOf.as('at_hour'),
            'storefront_id',
            'status',
            eb.fn.countAll().as('n'),
            eb.fn.sum('price').as('total'),
            eb.fn.sum(eb.fn.coalesce('provider_price', 'price')).as('provider_total'),
          ])
          .groupBy([hourOf, 'storefront_id', 'status']),
      )
      .onConflict((oc) =>
        oc.columns(['at_hour', 'storefront_id', 'status']).doUpdateSet({
          ...adding(target),
          provider_total: sql<number>`${sql.ref(`${target}.provider_total`)} + excluded.provider_total`,
        }),
      )
      .execute();
  }
  const chargeHour = sql<string>`substr(charges.created_at, 1, 13)`;
  await trx
    .insertInto('charges_by_hour')
    .columns(['at_hour', 'storefront_id', 'status', 'n', 'total'])
    .expression(
      trx
        .selectFrom('charges')
        .leftJoin('users', 'users.id', 'charges.user_id')
        .where('charges.created_at', '>=', from)
        .where('charges.created_at', '<', to)
        .select((eb) => [
          chargeHour.as('at_hour'),
          customerStore.as('storefront_id'),
          'charges.status',
          eb.fn.countAll().as('n'),
          eb.fn.sum('charges.amount').as('total'),
        ])
        .groupBy([chargeHour, customerStore, 'charges.status']),
    )
    .onConflict((oc) => oc.columns(['at_hour', 'storefront_id', 'status']).doUpdateSet(adding('charges_by_hour')))
    .execute();
  await trx
    .insertInto('customers_by_hour')
    .columns(['at_hour', 'storefront_id', 'n'])
    .expression(
      trx
        .selectFrom('users')
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('role', '=', 'customer')
        .select((eb) => [hourOf.as('at_hour'), customerStore.as('storefront_id'), eb.fn.countAll().as('n')])
        .groupBy([hourOf, customerStore]),
    )
    .onConflict((oc) =>
      oc.columns(['at_hour', 'storefront_id']).doUpdateSet({ n: sql<number>`customers_by_hour.n + excluded.n` }),
    )
    .execute();
  await trx
    .insertInto('sales_by_product_day')
    .columns(['at_day', 'storefront_id', 'product_id', 'n', 'total'])
    .expression(
      orders()
        .where('status', '=', 'success')
        .select((eb) => [
          dayOf.as('at_day'),
          'storefront_id',
          'product_id',
          eb.fn.countAll().as('n'),
          eb.fn.sum('price').as('total'),
        ])
        .groupBy([dayOf, 'storefront_id', 'product_id']),
    )
    .onConflict((oc) =>
      oc.columns(['at_day', 'storefront_id', 'product_id']).doUpdateSet(adding('sales_by_product_day')),
    )
    .execute();
  await trx.updateTable('dashboard_summaries').set({ until: to }).where('id', '=', 1).execute();
}

/** The summaries of one storefront, or of every one (null). */
type Store = number | null;

/**
 * Orders or number purchases (with their provider's price) per UTC hour (YYYY-MM-DDTHH, as
 * `utcBucket` cuts it), storefront and status, for hours in [from, to).
 */
export async function summaryOrderBuckets(
  db: DB,
  store: Store,
  from: string,
  to: string,
  table: 'orders_by_hour' | 'numbers_by_hour' = 'orders_by_hour',
) {
  const rows = await db
    .selectFrom(table)
    .select(['at_hour', 'storefront_id', 'status', 'n', 'total', 'provider_total'])
    .where('at_hour', '>=', from.slice(0, 13))
    .where('at_hour', '<', to.slice(0, 13))
    .where('n', '<>', 0)
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .execute();
  return rows.map((r) => ({
    bucket: r.at_hour,
    storefront_id: Number(r.storefront_id),
    status: r.status,
    count: Number(r.n),
    total: Number(r.total),
    provider_total: Number(r.provider_total),
  }));
}

export async function summaryChargeBuckets(db: DB, store: Store, from: string, to: string) {
  const rows = await db
    .selectFrom('charges_by_hour')
    .select(['at_hour', 'status', 'n', 'total'])
    .where('at_hour', '>=', from.slice(0, 13))
    .where('at_hour', '<', to.slice(0, 13))
    .where('n', '<>', 0)
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .execute();
  return rows.map((r) => ({ bucket: r.at_hour, status: r.status, count: Number(r.n), total: Number(r.total) }));
}

export async function summaryCustomerBuckets(db: DB, store: Store, from: string, to: string) {
  const rows = await db
    .selectFrom('customers_by_hour')
    .select(['at_hour', 'n'])
    .where('at_hour', '>=', from.slice(0, 13))
    .where('at_hour', '<', to.slice(0, 13))
    .where('n', '<>', 0)
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .execute();
  return rows.map((r) => ({ bucket: r.at_hour, count: Number(r.n) }));
}

/** Accepted orders per product over the UTC days in [from, to) (both midnights). */
export async function summaryProductTotals(db: DB, store: Store, from: string, to: string) {
  const rows = await db
    .selectFrom('sales_by_product_day')
    .select((eb) => ['product_id', eb.fn.sum<number>('n').as('count'), eb.fn.sum<number>('total').as('total')])
    .where('at_day', '>=', from.slice(0, 10))
    .where('at_day', '<', to.slice(0, 10))
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .groupBy('product_id')
    .having((eb) => eb.fn.sum('n'), '<>', 0)
    .execute();
  return rows.map((r) => ({ product_id: Number(r.product_id), count: Number(r.count), total: Number(r.total) }));
}
