import type { Sealer } from '../../kernel/sealing';
import { moneyToString, type OrderHistoryEntry } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { loadUserDto } from '../accounts';
import { asOrderRow, findTestOrder, findTestOrderByKey, testBalanceOf, type TestOrderRow } from '../test-orders';
import { orderMsg } from './messages-ar';
import { toOrderDto } from './order-dto';

/**
 * One order of a test key (docs/api-for-resellers.md#test-mode): only its test orders, in the
 * live shapes, with the test balance where a live reply has the balance. Lists: listOrders.
 */
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
