import type { Sealer } from '../../kernel/sealing';
import {
  type KeysetPaginate,
  moneyToString,
  type Order,
  type OrderHistoryEntry,
  type OrdersQuery,
  type OrderStatus,
  type User,
} from '@raseed/contract';
import { loadUserDto } from '../accounts';
import { asOrderRow, listTestOrders } from '../test-orders';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { pageWindow, toPage } from '../../kernel/http/keyset-page';
import { orderMsg } from './messages-ar';
import { orderHistory, orderRefundMicros } from './order-events-repository';
import { toOrderDto } from './order-dto';
import { refundOrder } from './refund';
import { findOrderByKey } from './new-order-statements';
import { findUserOrder, listUserOrders, productRedeemSteps, transitionOrder } from './repository';

type OrderDetail = {
  order: Order;
  user?: User;
  history: OrderHistoryEntry[];
  refunded: string;
  redeem_instructions: string | null;
};

/** Orders per page of GET /orders. */
export const ORDERS_PAGE_SIZE = 10;

/**
 * The caller's orders, newest first. `test`: the orders of a test key instead (only those, in the
 * same shape; docs/api-for-resellers.md#test-mode), where a search is not offered.
 */
export async function listOrders(
  db: DB,
  sealer: Sealer,
  userId: number,
  query: OrdersQuery,
  mode: 'live' | 'test' = 'live',
): Promise<{ orders: Order[]; paginate: KeysetPaginate }> {
  const status = query.status === 'all' || query.status === '' ? undefined : query.status;
  const window = pageWindow(query.page, ORDERS_PAGE_SIZE, query.before);
  const rows =
    mode === 'test'
      ? (await listTestOrders(db, userId, { status, beforeId: window.before, ...window })).map(asOrderRow)
      : await listUserOrders(db, userId, { status, search: query.search || undefined }, window);
  const { items, paginate } = toPage(rows, query.page, ORDERS_PAGE_SIZE);
  return { orders: items.map((r) => toOrderDto(r, sealer)), paginate };
}

/** Another customer's order is "not found", never "forbidden": ids of others are not confirmed. */
export async function getOrder(db: DB, sealer: Sealer, userId: number, orderId: number): Promise<OrderDetail> {
  const row = await findUserOrder(db, userId, orderId);
  if (!row) throw new AppError('not_found', orderMsg.notFound);
  return detailOf(db, sealer, userId, row);
}

/**
 * The caller's order placed with this Idempotency-Key, as GET /orders/{id} shows it: a caller
 * whose connection dropped while ordering asks here instead of ordering again. Keys are per
 * customer, so another's key is "not found" too.
 */
export async function getOrderByKey(db: DB, sealer: Sealer, userId: number, key: string): Promise<OrderDetail> {
  const row = await findOrderByKey(db, userId, key);
  if (!row) throw new AppError('not_found', orderMsg.keyNotFound);
  return detailOf(db, sealer, userId, row);
}

async function detailOf(
  db: DB,
  sealer: Sealer,
  userId: number,
  row: NonNullable<Awaited<ReturnType<typeof findUserOrder>>>,
): Promise<OrderDetail> {
  const order = toOrderDto(row, sealer);
  const history = await orderHistory(db, row);
  const refunded = moneyToString(await orderRefundMicros(db, userId, row.id));
  // Today's steps of the product (the operator may have improved them since the purchase).
  const steps = await productRedeemSteps(db, row.product_id);
  const detail = { order, history, refunded, redeem_instructions: steps };
  // Once an order has left `pending` its decision may have refunded it: send the fresh balance.
  if (row.status === 'pending') return detail;
  return { ...detail, user: await loadUserDto(db, userId) };
}

function refusal(status: OrderStatus): AppError {
  switch (status) {
    case 'cancel':
      return new AppError('invalid_state', orderMsg.alreadyCancelled);
    case 'success':
      return new AppError('invalid_state', orderMsg.alreadyAccepted);
    case 'request_cancel':
      return new AppError('invalid_state', orderMsg.cancelAlreadyRequested);
    default:
      return new AppError('invalid_state', orderMsg.transitionGone);
  }
}

/**
 * A customer's cancel. `pending` (not api): cancelled and refunded at once. `wait` (not api): a
 * cancel request for the operator. Anything else — a delivered order, one forwarded to a
 * supplier — is refused. Runs inside the caller's transaction; answers the changed row.
 */
export async function cancelOrder(trx: DB, userId: number, orderId: number) {
  const row = await findUserOrder(trx, userId, orderId);
  if (!row) throw new AppError('not_found', orderMsg.notFound);
  if (row.api === 1) throw new AppError('invalid_state', orderMsg.apiOrder);
  if (row.status !== 'pending' && row.status !== 'wait') throw refusal(row.status);

  const guard = { id: orderId, userId, api: 0 as const, from: [row.status] };
  const changed =
    row.status === 'pending'
      ? await transitionOrder(trx, guard, { status: 'cancel', secret: null })
      : await transitionOrder(trx, guard, { status: 'request_cancel' });
  if (!changed) {
    // Another request (a second tab, an operator) moved the order since we read it.
    const current = await findUserOrder(trx, userId, orderId);
    throw refusal(current?.status ?? 'cancel');
  }
  if (changed.status === 'cancel') await refundOrder(trx, changed);
  return changed;
}
