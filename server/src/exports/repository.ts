import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { Range } from '../dashboard/date-range';
import type { Cursor } from './keyset';

type Table = 'orders' | 'charges' | 'ledger';

/** `created_at` within the range and after the cursor, in (created_at, id) order. */
function window(table: Table, range: Range, after: Cursor) {
  const at = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const inRange = sql<boolean>`${at} >= ${range.start} and ${at} < ${range.end}`;
  // The redundant `>=` lets the index seek to the cursor; the OR alone would rescan from the start.
  return after
    ? sql<boolean>`${inRange} and ${at} >= ${after.created_at} and (${at} > ${after.created_at} or (${at} = ${after.created_at} and ${id} > ${after.id}))`
    : inRange;
}

export type OrderFilter = { status: string; user_id?: number | undefined };

export function orderBatch(db: DB, range: Range, f: OrderFilter, after: Cursor, limit: number) {
  let q = db
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
      'orders.price',
      'orders.price_syr',
      'orders.data',
      'orders.phone',
      'orders.updated_at',
    ])
    .where(window('orders', range, after));
  if (f.status !== 'all') q = q.where('orders.status', '=', f.status as never);
  if (f.user_id) q = q.where('orders.user_id', '=', f.user_id);
  return q.orderBy('orders.created_at').orderBy('orders.id').limit(limit).execute();
}

export function chargeBatch(db: DB, range: Range, f: OrderFilter, after: Cursor, limit: number) {
  let q = db
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
    .where(window('charges', range, after));
  if (f.status !== 'all') q = q.where('charges.status', '=', f.status as never);
  if (f.user_id) q = q.where('charges.user_id', '=', f.user_id);
  return q.orderBy('charges.created_at').orderBy('charges.id').limit(limit).execute();
}

export function ledgerBatch(db: DB, range: Range, f: { user_id?: number | undefined }, after: Cursor, limit: number) {
  let q = db
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
    .where(window('ledger', range, after));
  if (f.user_id) q = q.where('ledger.user_id', '=', f.user_id);
  return q.orderBy('ledger.created_at').orderBy('ledger.id').limit(limit).execute();
}
