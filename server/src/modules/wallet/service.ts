import type { BalanceEntry, BalancesQuery, BalancesReply } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { loadUserDto } from '../accounts';
import type { DB } from '../../db/database';
import { pageWindow, toPage } from '../../kernel/http/keyset-page';
import { listLedgerRows, sumOpenAndAcceptedOrders } from './repository';

/** Ledger rows per page of GET /balances. */
export const BALANCES_PAGE_SIZE = 20;

type LedgerRow = { id: number; credit: number; debit: number; info: string; created_at: string };

function toBalanceEntry(row: LedgerRow): BalanceEntry {
  return {
    id: row.id,
    credit: moneyToString(row.credit),
    debit: moneyToString(row.debit),
    info: row.info,
    created_at: row.created_at,
  };
}

/**
 * The `data` of a `balance.updated` webhook event: the ledger line that moved the balance, and
 * the balance it left (its `balance_after`), as the line was written.
 */
export function balanceChangeOf(line: LedgerRow & { balance_after: number }) {
  return { balance: moneyToString(line.balance_after), entry: toBalanceEntry(line) };
}

/** The balance screen: one page of the ledger, newest first, with the three summary figures. */
export async function getBalances(db: DB, userId: number, query: BalancesQuery): Promise<BalancesReply['data']> {
  const [rows, totalOrders, user] = await Promise.all([
    listLedgerRows(db, userId, pageWindow(query.page, BALANCES_PAGE_SIZE, query.before)),
    sumOpenAndAcceptedOrders(db, userId),
    loadUserDto(db, userId),
  ]);
  const { items, paginate } = toPage(rows, query.page, BALANCES_PAGE_SIZE);
  return {
    balances: items.map(toBalanceEntry),
    paginate,
    total_balance: user.balance,
    deposit: user.deposit,
    total_orders: moneyToString(totalOrders),
    user,
  };
}
