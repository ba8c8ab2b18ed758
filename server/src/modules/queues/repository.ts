import type { OrderStatus } from '@raseed/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { likePattern } from '../../kernel/http/paging';
import { CANDIDATES, textCandidates } from '../../db/text-search';

export type ChargeStatusFilter = 'pending' | 'success' | 'cancel' | 'all';
/** `attention`: forwarded orders whose supplier could not fulfil them, waiting for an operator. */
export type OrderStatusFilter = OrderStatus | 'all' | 'open' | 'attention';
type Window = { limit: number; offset: number };

/** Queues are worked oldest first; history reads newest first. */
const direction = (queue: boolean) => (queue ? ('asc' as const) : ('desc' as const));

function chargesQuery(db: DB) {
  return db
    .selectFrom('charges')
    .innerJoin('users', 'users.id', 'charges.user_id')
    .leftJoin('banks', 'banks.id', 'charges.bank_id')
    .leftJoin('users as deciders', 'deciders.id', 'charges.decided_by')
    .select([
      'charges.id',
      'charges.amount',
      'charges.img_key',
      'charges.status',
      'charges.reason',
      'charges.created_at',
      'charges.decided_at',
      'charges.bank_id',
      'charges.user_id',
      'charges.duplicate_of',
      'charges.img_sha256',
      'charges.transfer_ref',
      'charges.transfer_ref_key',
      'charges.currency',
      'charges.rate',
      'charges.amount_local',
      'banks.name as bank_name',
      'users.name as user_name',
      'users.email as user_email',
      'users.phone as user_phone',
      'users.storefront_id as user_storefront_id',
      'deciders.id as decider_id',
      'deciders.name as decider_name',
    ]);
}
export type AdminChargeRow = Awaited<ReturnType<ReturnType<typeof chargesQuery>['executeTakeFirstOrThrow']>>;

/**
 * `storefront`: only the top-ups of that storefront's customers (null: every storefront's). A
 * top-up is its customer's storefront's: it was sent to that storefront's bank, from its site.
 */
export function listChargeRows(db: DB, status: ChargeStatusFilter, storefront: number | null, w: Window) {
  let q = chargesQuery(db);
  if (status !== 'all') q = q.where('charges.status', '=', status);
  if (storefront !== null) q = q.where('users.storefront_id', '=', storefront);
  return q
    .orderBy('charges.id', direction(status === 'pending'))
    .limit(w.limit)
    .offset(w.offset)
    .execute();
}

/** The top-up, when it is one of `storefront`'s customers' (null: any). */
export function findChargeRow(db: DB, id: number, storefront: number | null) {
  let q = chargesQuery(db).where('charges.id', '=', id);
  if (storefront !== null) q = q.where('users.storefront_id', '=', storefront);
  return q.executeTakeFirst();
}

function ordersQuery(db: DB) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('products', 'products.id', 'orders.product_id')
    .leftJoin('order_outbox', 'order_outbox.order_id', 'orders.id')
    .leftJoin('suppliers', 'suppliers.id', 'order_outbox.supplier_id')
    .selectAll('orders')
    .select([
      'users.name as user_name',
      'users.email as user_email',
      'users.phone as user_phone',
      'products.type as product_type',
    ])
    .select([
      'order_outbox.state as forward_state',
      'order_outbox.attempts as forward_attempts',
      'order_outbox.last_error as forward_error',
      'order_outbox.next_attempt_at as forward_next_at',
      'order_outbox.upstream_order_id',
      'suppliers.id as supplier_id',
      'suppliers.name as supplier_name',
    ]);
}
export type AdminOrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;

const OPEN: OrderStatus[] = ['pending', 'wait', 'request_cancel'];

export type OrderFilter = {
  status: OrderStatusFilter;
  search?: string | undefined;
  /** Only the orders placed on this storefront; null: every storefront's. */
  storefront: number | null;
};

export async function listOrderRows(db: DB, f: OrderFilter, w: Window) {
  let q = ordersQuery(db);
  if (f.storefront !== null) q = q.where('orders.storefront_id', '=', f.storefront);
  if (f.status === 'open') q = q.where('orders.status', 'in', OPEN);
  else if (f.status === 'attention') q = q.where('order_outbox.state', '=', 'attention');
  else if (f.status !== 'all') q = q.where('orders.status', '=', f.status);
  if (f.search) {
    const pattern = likePattern(f.search);
    const id = /^#?(\d{1,9})$/.exec(f.search);
    q = q.where((eb) =>
      eb.or([
        ...(['orders.product_name', 'orders.data', 'orders.phone', 'users.email', 'users.name'] as const).map(
          (col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`,
        ),
        ...(id ? [eb('orders.id', '=', Number(id[1]))] : []),
      ]),
    );
    const candidates = await searchCandidates(db, f.search, id ? Number(id[1]) : undefined);
    if (candidates?.length === 0) return [];
    if (candidates) q = q.where('orders.id', 'in', candidates);
  }
  const queue = f.status === 'open' || f.status === 'pending' || f.status === 'attention';
  return q.orderBy('orders.id', direction(queue)).limit(w.limit).offset(w.offset).execute();
}

/**
 * The orders a search can find, from the text indexes (db/text-search.ts): those whose own text
 * may match, those of customers whose name or e-mail may, and the order of that number.
 * Undefined when that is too many to look up one by one: the list is then read in order.
 */
async function searchCandidates(db: DB, search: string, id: number | undefined): Promise<number[] | undefined> {
  const [own, customers] = await Promise.all([
    textCandidates(db, 'orders', search),
    textCandidates(db, 'users', search),
  ]);
  if (!own || !customers) return undefined;
  const theirs = customers.length
    ? await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', 'in', customers)
        .limit(CANDIDATES + 1)
        .execute()
    : [];
  if (theirs.length > CANDIDATES) return undefined;
  return [...new Set([...own, ...theirs.map((r) => r.id), ...(id === undefined ? [] : [id])])];
}

/** The order, when it was placed on `storefront` (null: any). */
export function findOrderRow(db: DB, id: number, storefront: number | null = null) {
  let q = ordersQuery(db).where('orders.id', '=', id);
  if (storefront !== null) q = q.where('orders.storefront_id', '=', storefront);
  return q.executeTakeFirst();
}

/** What the fraud flags read of a top-up request. */
export type FlaggedCharge = {
  id: number;
  user_id: number;
  amount: number;
  created_at: string;
  duplicate_of: number | null;
  img_sha256: string | null;
  transfer_ref: string | null;
  transfer_ref_key: string | null;
};

/**
 * The customer's requests before this one (approved, their sum, rejected) and those since `since`,
 * read from the customer's index alone (`charges_user_history`); a builder so a test can EXPLAIN it.
 */
export function chargeHistoryQuery(db: DB, c: FlaggedCharge, since: string) {
  return db
    .selectFrom('charges')
    .select((eb) => [
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'success'), eb('id', '<', c.id)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('approved'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'success'), eb('id', '<', c.id)]))
            .then(eb.ref('amount'))
            .else(0)
            .end(),
        )
        .as('approved_sum'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'cancel'), eb('id', '<', c.id)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('rejected'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('created_at', '>', since), eb('created_at', '<=', c.created_at)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('recent'),
    ])
    .where('user_id', '=', c.user_id);
}

export async function customerChargeHistory(db: DB, c: FlaggedCharge, since: string) {
  const row = await chargeHistoryQuery(db, c, since).executeTakeFirstOrThrow();
  return {
    approved: Number(row.approved ?? 0),
    approvedSum: Number(row.approved_sum ?? 0),
    rejected: Number(row.rejected ?? 0),
    recent: Number(row.recent ?? 0),
  };
}

export function findChargeReceipt(db: DB, id: number) {
  return db.selectFrom('charges').select(['id', 'user_id', 'img_sha256']).where('id', '=', id).executeTakeFirst();
}

/** The first request before `beforeId` that named this transfer reference, however it was typed. */
export async function firstChargeWithReference(db: DB, key: string, beforeId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('charges')
    .select('id')
    .where('transfer_ref_key', '=', key)
    .where('id', '<', beforeId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
