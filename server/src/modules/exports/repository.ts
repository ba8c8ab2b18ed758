import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database, DB } from '../../db/database';
import type { Range } from '../dashboard';
import type { Cursor } from './keyset';

type Table = 'orders' | 'number_activations' | 'charges' | 'ledger';
/** Where a row's storefront is kept: its own column (what was bought), else its customer's. */
const OWN_STOREFRONT: Table[] = ['orders', 'number_activations'];

/**
 * `storefront`: one storefront's rows (an order's or a number purchase's own, a top-up's and a
 * movement's customer's); null: all.
 */
export type ExportFilter = { status?: string; user_id?: number | undefined; storefront?: number | null };

/**
 * One batch's rows: `created_at` within the range and after the cursor, the list filters, in
 * (created_at, id) order. The redundant `>=` on the cursor lets the index seek to it; the OR
 * alone would rescan the range from its start on every batch.
 */
function batchOf(table: Table, range: Range, f: ExportFilter, after: Cursor, limit: number) {
  const at = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const where = [sql`${at} >= ${range.start}`, sql`${at} < ${range.end}`];
  if (after)
    where.push(
      sql`${at} >= ${after.created_at}
        and (${at} > ${after.created_at} or (${at} = ${after.created_at} and ${id} > ${after.id}))`,
    );
  if (f.status && f.status !== 'all') where.push(sql`${sql.ref(`${table}.status`)} = ${f.status}`);
  if (f.user_id) where.push(sql`${sql.ref(`${table}.user_id`)} = ${f.user_id}`);
  if (f.storefront) {
    const column = OWN_STOREFRONT.includes(table) ? `${table}.storefront_id` : 'users.storefront_id';
    where.push(sql`${sql.ref(column)} = ${f.storefront}`);
  }
  return <QB extends SelectQueryBuilder<Database, Table | 'users' | 'banks', object>>(qb: QB) =>
    qb
      .where(sql<boolean>`${sql.join(where, sql` and `)}`)
      .orderBy(at)
      .orderBy(id)
      .limit(limit) as QB;
}

export function orderBatch(db: DB, range: Range, f: ExportFilter, after: Cursor, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.created_at',
      'orders.status',
      'orders.user_id',
      'users.email as user_email',
      'users.name as user_name',
      'orders.product_id',
      'orders.product_name',
      'orders.quantity',
      'orders.storefront_id',
      'orders.price',
      // An order placed before storefront prices was charged the provider's price.
      (eb) => eb.fn.coalesce('orders.provider_price', 'orders.price').as('provider_price'),
      'orders.price_syr',
      'orders.data',
      'orders.phone',
      'orders.updated_at',
    ])
    .$call(batchOf('orders', range, f, after, limit))
    .execute();
}

export function numberBatch(db: DB, range: Range, f: ExportFilter, after: Cursor, limit: number) {
  return db
    .selectFrom('number_activations')
    .innerJoin('users', 'users.id', 'number_activations.user_id')
    .select([
      'number_activations.id',
      'number_activations.created_at',
      'number_activations.status',
      'number_activations.user_id',
      'users.email as user_email',
      'users.name as user_name',
      'number_activations.storefront_id',
      'number_activations.name',
      'number_activations.price',
      // A purchase made before storefront prices was charged the provider's price.
      (eb) => eb.fn.coalesce('number_activations.provider_price', 'number_activations.price').as('provider_price'),
      'number_activations.phone',
      'number_activations.refunded_at',
      'number_activations.updated_at',
    ])
    .$call(batchOf('number_activations', range, f, after, limit))
    .execute();
}

export function chargeBatch(db: DB, range: Range, f: ExportFilter, after: Cursor, limit: number) {
  return db
    .selectFrom('charges')
    .innerJoin('users', 'users.id', 'charges.user_id')
    .leftJoin('banks', 'banks.id', 'charges.bank_id')
    .select([
      'charges.id',
      'charges.created_at',
      'charges.status',
      'charges.user_id',
      'users.email as user_email',
      'users.name as user_name',
      'banks.name as bank_name',
      'charges.amount',
      'charges.transfer_ref',
      'charges.duplicate_of',
      'charges.reason',
      'charges.decided_at',
    ])
    .$call(batchOf('charges', range, f, after, limit))
    .execute();
}

export function ledgerBatch(db: DB, range: Range, f: ExportFilter, after: Cursor, limit: number) {
  return db
    .selectFrom('ledger')
    .innerJoin('users', 'users.id', 'ledger.user_id')
    .select([
      'ledger.id',
      'ledger.created_at',
      'ledger.user_id',
      'users.email as user_email',
      'ledger.credit',
      'ledger.debit',
      'ledger.balance_after',
      'ledger.info',
      'ledger.ref_type',
      'ledger.ref_id',
    ])
    .$call(batchOf('ledger', range, f, after, limit))
    .execute();
}
