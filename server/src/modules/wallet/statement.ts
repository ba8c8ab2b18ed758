import { moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { lastLedgerRowBefore, ledgerRowsBetween } from './repository';
import { AppError } from '../../kernel/errors';

/** More rows than this in one statement: ask for a shorter range. */
export const STATEMENT_MAX_ROWS = 5000;

export type Statement = {
  from: string;
  to: string;
  /** Balance at the start of `from` (UTC): the last ledger row's balance_after before it. */
  opening: number;
  closing: number;
  totalCredit: number;
  totalDebit: number;
  movements: { id: number; created_at: string; info: string; credit: number; debit: number; balance_after: number }[];
};

/**
 * A customer's statement for whole UTC days `from`…`to`, read from the ledger alone: the opening
 * balance is the running total (balance_after) of the last row before the range, each movement
 * follows, and the closing balance is opening + credits − debits — which equals the last row's
 * balance_after whenever the ledger's chain is intact (what `ledger:verify` checks).
 */
export async function buildStatement(db: DB, userId: number, from: string, to: string): Promise<Statement> {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const before = await lastLedgerRowBefore(db, userId, start);
  const rows = await ledgerRowsBetween(db, userId, start, end, STATEMENT_MAX_ROWS + 1);
  if (rows.length > STATEMENT_MAX_ROWS) throw AppError.fields({ to: ['الفترة فيها حركات كثيرة، اختر فترة أقصر'] });
  const opening = Number(before?.balance_after ?? 0);
  const movements = rows.map((r) => ({
    ...r,
    credit: Number(r.credit),
    debit: Number(r.debit),
    balance_after: Number(r.balance_after),
  }));
  const totalCredit = movements.reduce((s, r) => s + r.credit, 0);
  const totalDebit = movements.reduce((s, r) => s + r.debit, 0);
  return { from, to, opening, closing: opening + totalCredit - totalDebit, totalCredit, totalDebit, movements };
}

export function statementJson(s: Statement) {
  return {
    from: s.from,
    to: s.to,
    opening: moneyToString(s.opening),
    closing: moneyToString(s.closing),
    total_credit: moneyToString(s.totalCredit),
    total_debit: moneyToString(s.totalDebit),
    movements: s.movements.map((m) => ({
      id: m.id,
      created_at: m.created_at,
      info: m.info,
      credit: moneyToString(m.credit),
      debit: moneyToString(m.debit),
      balance_after: moneyToString(m.balance_after),
    })),
  };
}
