import { type Selectable, sql } from 'kysely';
import { PRICED_COLUMNS, type PricedProduct, priceRuleUnchanged, productUnchanged } from '../catalog';
import type { DB, OrdersTable, UsersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { requestIdOf } from '../../kernel/request-context';
import { insertOrderFrom, NEW_ORDER_COLUMNS, type NewOrder } from '../orders';
import { balanceDebit, ledgerInfo, ledgerLineOfDebit, pendingDebitOfOrderIn } from '../wallet';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { deliveriesOfRow, newEventId } from '../webhooks';

/** `markupBp`: the storefront's markup the order was priced with (checkout's `checkAndPrice`). */
export type PaidOrderValues = { order: NewOrder; info: string; product: PricedProduct; markupBp: number };
/** A paid order's values as a query template's slots (db/query-template.ts): one key per value. */
export type Flat = Record<string, unknown>;

const productKeys = ['id', 'category_available', 'in_category_id', ...PRICED_COLUMNS] as const;
export const PAID_ORDER_KEYS = [
  'info',
  'balanceEvent',
  'reqId',
  'markupBp',
  ...NEW_ORDER_COLUMNS.map((c) => `o_${c}`),
  ...productKeys.map((c) => `p_${c}`),
];
export const flat = ({ order, info, product, markupBp }: PaidOrderValues, reqId: string | null): Flat => {
  // checkAndPrice refuses these first; a write from one statement must never pay them anyway.
  if (!Number.isSafeInteger(order.price) || order.price <= 0) throw new Error('one-statement order: bad price');
  // The webhook-id of the balance change this order makes (only queued for customers with endpoints).
  // The request placing it, kept with the webhook deliveries and pushes the statement queues.
  const out: Flat = {
    info: ledgerInfo(info),
    balanceEvent: newEventId(),
    reqId,
    markupBp,
  };
  for (const c of NEW_ORDER_COLUMNS) out[`o_${c}`] = order[c];
  for (const c of productKeys) out[`p_${c}`] = product[c];
  return out;
};
export const slotsOf = (s: Flat): PaidOrderValues => ({
  info: s.info as string,
  markupBp: s.markupBp as number,
  order: Object.fromEntries(NEW_ORDER_COLUMNS.map((c) => [c, s[`o_${c}`]])) as NewOrder,
  product: Object.fromEntries(productKeys.map((c) => [c, s[`p_${c}`]])) as PricedProduct,
});

/** Whether the order is another storefront's than the provider's own: its account pays the provider's price. */
export const onStorefront = ({ order }: PaidOrderValues) => order.storefront_id !== PROVIDER_STOREFRONT;

/**
 * The wallet's debit of the order's price (`balanceDebit`), as the CTE `debit`: only while the
 * balance covers it, the product still reads as `product` (`productUnchanged`) and the storefront
 * still sells it, shown, at `markupBp` (`priceRuleUnchanged`).
 */
export const debitFor = (db: DB, order: NewOrder, product: PricedProduct, markupBp: number) =>
  balanceDebit(db, order.user_id, order.price)
    .where(productUnchanged(product))
    .where(priceRuleUnchanged(order.storefront_id as number, product.in_category_id, product.id, markupBp));

/** The wallet's ledger line of that debit, paying for the order of the CTE `placed`. */
export const lineFor = (db: DB, order: NewOrder, info: string) =>
  ledgerLineOfDebit(db, { amount: order.price, info, refType: 'order', paid: 'placed' }).returningAll();

/**
 * The `balance.updated` webhook deliveries of the CTE `line` (the webhooks module's piece): one
 * per endpoint of the buyer taking it, as `writeRow` queues them on the transactional road.
 */
export const balanceEventFor = (db: DB, order: NewOrder, eventId: string, reqId: string | null) =>
  deliveriesOfRow(db, {
    userId: order.user_id,
    type: 'balance.updated',
    eventId,
    t: order.created_at,
    from: 'line',
    reqId,
  });

/** How many webhook deliveries the statement queued (the CTEs named), to wake the sender only then. */
export const hookedCount = (...ctes: string[]) =>
  sql<number>`${sql.join(
    ctes.map((c) => sql`(select count(*) from ${sql.table(c)})`),
    sql` + `,
  )}`.as('hooked');

/**
 * PostgreSQL (data-modifying CTEs): the debit, the order it pays for, the order's ledger line and
 * its webhook deliveries as one statement, atomic without a transaction, composed from the wallet's and the orders'
 * pieces; the ledger line carries the balance the debit returned, so the running total holds
 * (ledger:verify checks it). Nothing is written, and no row comes back, when the balance does
 * not cover the price or the product no longer reads as `product` (`productUnchanged`).
 */
const paidOrderStatement = (onStorefront: boolean) =>
  queryTemplate(PAID_ORDER_KEYS, (db, slots: Flat) => {
    const { order, info, product, markupBp } = slotsOf(slots);
    const writes = db
      .with('debit', () => debitFor(db, order, product, markupBp).returningAll())
      .with('placed', () => insertOrderFrom(db, order, 'debit').returningAll())
      .with('line', () => lineFor(db, order, info))
      .with('balance_hooked', () =>
        balanceEventFor(db, order, slots.balanceEvent as string, slots.reqId as string | null).returning('id'),
      );
    // The same reply either way: the account's line is written, never read back.
    const all = onStorefront
      ? (writes.with('storefront_line', () => pendingDebitOfOrderIn(db, 'placed')) as unknown as typeof writes)
      : writes;
    return all
      .selectFrom(['placed', 'debit'])
      .select([
        sql<Selectable<OrdersTable>>`to_json(placed)`.as('order'),
        sql<Selectable<UsersTable>>`to_json(debit)`.as('buyer'),
        hookedCount('balance_hooked'),
      ]);
  });
/** The provider's own store's statement, and another storefront's, which also writes its account's debit. */
const paidOrderStatements = { provider: paidOrderStatement(false), storefront: paidOrderStatement(true) };

/**
 * On another storefront than 1 the statement also writes the pending debit of its account, taken
 * when the statement commits; one the account cannot cover fails with RS001 and writes nothing.
 */
export async function insertPaidOrder(db: DB, values: PaidOrderValues) {
  const statement = onStorefront(values) ? paidOrderStatements.storefront : paidOrderStatements.provider;
  const row = (await statement(db, flat(values, requestIdOf(db)))).rows[0];
  return row && { order: row.order, buyer: row.buyer, hooked: Number(row.hooked) };
}
