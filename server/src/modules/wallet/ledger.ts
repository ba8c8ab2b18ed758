import { MAX_MONEY } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { msg } from '../../kernel/messages-ar';
import { queueWebhookEvent } from '../webhooks';
import { addToBalance, insertLedgerRow, takeFromBalance, userExists } from './ledger-statements';

export type LedgerRef = { type: 'order' | 'charge' | 'adjust' | 'seed' | 'debt' | 'number'; id: number | null };

/**
 * The only code that changes a balance, but for one kind of statement: on PostgreSQL a manual
 * order or a stock sale debits and writes its ledger row the same way inside a single statement
 * (checkout composes it from `balanceDebit` and `ledgerLineOfDebit`). Each call is one conditional UPDATE
 * (never read-then-write) plus its ledger row; callers pass the transaction they are in, so the
 * change and the row commit or vanish together.
 */
export async function debit(trx: DB, userId: number, amount: number, info: string, ref: LedgerRef): Promise<number> {
  return (await debitReturningUser(trx, userId, amount, info, ref)).balance;
}

/**
 * The same debit, answering with the whole user row as it is after it, for callers that show
 * the buyer's new state: saves re-reading the row inside the transaction.
 */
export async function debitReturningUser(trx: DB, userId: number, amount: number, info: string, ref: LedgerRef) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('validation_failed', msg.invalid);
  const row = await takeFromBalance(trx, userId, amount);
  if (!row) throw new AppError('insufficient_balance', msg.insufficientBalance);
  await writeRow(trx, userId, { credit: 0, debit: amount, balanceAfter: row.balance, info, ref }, row.api_access);
  return row;
}

/** A balance never passes MAX_MONEY (1,000,000,000): a credit that would is refused whole. */
export const balanceTooHighMsg = 'لا يمكن أن يتجاوز الرصيد مليار، لم يُضف المبلغ';

export async function credit(trx: DB, userId: number, amount: number, info: string, ref: LedgerRef): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_MONEY)
    throw new AppError('validation_failed', amount > 0 ? balanceTooHighMsg : msg.invalid);
  const row = await addToBalance(trx, userId, amount, MAX_MONEY);
  if (!row) {
    throw (await userExists(trx, userId))
      ? new AppError('validation_failed', balanceTooHighMsg)
      : new Error(`credit: no user ${userId}`);
  }
  await writeRow(trx, userId, { credit: amount, debit: 0, balanceAfter: row.balance, info, ref });
  return row.balance;
}

/**
 * A line in the customer's history that moves no money (a debt repayment): its balance_after is
 * the balance of the row the caller has just locked by updating it, so the running total holds.
 */
export async function note(trx: DB, userId: number, balance: number, info: string, ref: LedgerRef): Promise<void> {
  await writeRow(trx, userId, { credit: 0, debit: 0, balanceAfter: balance, info, ref });
}

/** `apiAccess`: the user's, from the row the caller just updated (`queueWebhookEvent`). */
async function writeRow(
  trx: DB,
  userId: number,
  r: { credit: number; debit: number; balanceAfter: number; info: string; ref: LedgerRef },
  apiAccess?: number,
): Promise<void> {
  const line = await insertLedgerRow(trx, { userId, ...r, refType: r.ref.type, refId: r.ref.id });
  // A line that moves money is a balance change the customer's webhooks hear of, with it.
  if (r.credit > 0 || r.debit > 0)
    await queueWebhookEvent(trx, { userId, type: 'balance.updated', subject: line, apiAccess });
}
