import type { DB } from '../../db/database';
import { numberRefundIssues } from './number-refund-queries';
import { type StorefrontCheck, verifyStorefronts } from './verify-storefronts';
import {
  type ChainBreak,
  chainBreaks,
  type DebtIssue,
  debtIssues,
  lastRows,
  type RefundIssue,
  refundIssues,
  userTotals,
} from './verify-queries';

export type DriftRow = {
  id: number;
  credit: number;
  debit: number;
  balance_after: number;
  expected_after: number | null;
  info: string;
  created_at: string;
};

export type UserDrift = {
  userId: number;
  email: string;
  /** users.balance as stored. */
  balance: number;
  /** Credits minus debits of the user's ledger rows. */
  ledgerSum: number;
  /** The rows that show where: altered rows (balance_after ≠ running sum), else the latest rows. */
  rows: DriftRow[];
};

export type LedgerReport = {
  ok: boolean;
  usersChecked: number;
  rowsChecked: number;
  drifts: UserDrift[];
  refundIssues: RefundIssue[];
  debtIssues: DebtIssue[];
  /** Each storefront other than 1: its account against its ledger and its purchases. */
  storefronts: StorefrontCheck[];
};

const MAX_ROWS_PER_USER = 20;

function fromBreak(b: ChainBreak): DriftRow {
  return {
    id: b.id,
    credit: b.credit,
    debit: b.debit,
    balance_after: b.balance_after,
    expected_after: b.running,
    info: b.info,
    created_at: b.created_at,
  };
}

/**
 * Proves the ledger is the truth: for every user the stored balance equals credits minus debits,
 * every row's balance_after is the running total up to it, no order was refunded twice or
 * while not cancelled, every debt is what was lent minus what was repaid, and every storefront's
 * account is its ledger and its purchases' provider prices (verify-storefronts.ts). Read-only;
 * safe to run against a live store.
 */
export async function verifyLedger(db: DB): Promise<LedgerReport> {
  const [totals, breaks, orderRefunds, numberRefunds, debts, storefronts] = await Promise.all([
    userTotals(db),
    chainBreaks(db, 10_000),
    refundIssues(db),
    numberRefundIssues(db),
    debtIssues(db),
    verifyStorefronts(db),
  ]);
  const refunds = [...orderRefunds, ...numberRefunds];
  const breaksByUser = new Map<number, ChainBreak[]>();
  for (const b of breaks) breaksByUser.set(b.user_id, [...(breaksByUser.get(b.user_id) ?? []), b]);

  const drifts: UserDrift[] = [];
  for (const t of totals) {
    const userBreaks = breaksByUser.get(t.user_id) ?? [];
    if (t.balance === t.ledger_sum && userBreaks.length === 0) continue;
    const rows = userBreaks.length
      ? userBreaks.slice(0, MAX_ROWS_PER_USER).map(fromBreak)
      : (await lastRows(db, t.user_id, 5)).map((r) => ({ ...r, expected_after: null }));
    drifts.push({ userId: t.user_id, email: t.email, balance: t.balance, ledgerSum: t.ledger_sum, rows });
  }
  return {
    ok:
      drifts.length === 0 &&
      refunds.length === 0 &&
      debts.length === 0 &&
      storefronts.every((s) => s.issues.length === 0),
    usersChecked: totals.length,
    rowsChecked: totals.reduce((s, t) => s + t.rows, 0),
    drifts,
    refundIssues: refunds,
    debtIssues: debts,
    storefronts,
  };
}
