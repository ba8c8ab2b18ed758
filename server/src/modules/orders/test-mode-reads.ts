import type { Sealer } from '../../kernel/sealing';
import {
  type KeysetPaginate,
  moneyToString,
  type Order,
  type OrderHistoryEntry,
  type OrdersQuery,
} from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { pageWindow, toPage } from '../../kernel/http/keyset-page';
import { loadUserDto } from '../accounts';
import {
  asOrderRow,
  findTestOrder,
  findTestOrderByKey,
  listTestOrders,
  testBalanceOf,
  type TestOrderRow,
} from '../test-orders';
import { orderMsg } from './messages-ar';
import { toOrderDto } from './order-dto';
import { ORDERS_PAGE_SIZE } from './service';

/**
 * What a test key reads instead of the live orders (docs/api-for-resellers.md#test-mode): only
 * its test orders, in the same shapes, with the test balance where a live reply has the balance.
 * A search is not offered on test orders (an integrator lists by status or asks by id or key).
 */
export async function listTestOrdersOf(
  db: DB,
  sealer: Sealer,
  userId: number,
  query: OrdersQuery,
): Promise<{ orders: Order[]; paginate: KeysetPaginate }> {
  const status = query.status === 'all' || query.status === '' ? undefined : query.status;
  const window = pageWindow(query.page, ORDERS_PAGE_SIZE, query.before);
  const rows = await listTestOrders(db, userId, {
    status,
    beforeId: window.before,
    offset: window.offset,
    limit: window.limit,
  });
  const { items, paginate } = toPage(rows, query.page, ORDERS_PAGE_SIZE);
  return { orders: items.map((r) => toOrderDto(asOrderRow(r), sealer)), paginate };
}

export async function getTestOrder(db: DB, sealer: Sealer, userId: number, id: number) {
  const row = await findTestOrder(db, userId, id);
  if (!row) throw new AppError('not_found', orderMsg.notFound);
  return testDetailOf(db, sealer, userId, row);
}

export async function getTestOrderByKey(db: DB, sealer: Sealer, userId: number, key: string) {
  const row = await findTestOrderByKey(db, userId, key);
  if (!row) throw new AppError('not_found', orderMsg.keyNotFound);
  return testDetailOf(db, sealer, userId, row);
}

async function testDetailOf(db: DB, sealer: Sealer, userId: number, row: TestOrderRow) {
  const history: OrderHistoryEntry[] = [{ status: 'pending', at: row.created_at }];
  if (row.status !== 'pending') history.push({ status: row.status, at: row.updated_at });
  const detail = {
    order: toOrderDto(asOrderRow(row), sealer),
    history,
    refunded: moneyToString(row.status === 'cancel' ? row.price : 0),
    redeem_instructions: null,
  };
  if (row.status === 'pending') return detail;
  const user = await loadUserDto(db, userId);
  return { ...detail, user: { ...user, balance: moneyToString(await testBalanceOf(db, userId)) } };
}
