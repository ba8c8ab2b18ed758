import { moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { findDebtState, insertDebtEntry, lowerDebt, raiseDebt } from './debt-repository';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { msg } from '../../kernel/messages-ar';
import { now } from '../../kernel/time';
import { credit, note } from './ledger';

export const debtMsg = {
  userNotFound: 'المستخدم غير موجود',
  overLimit: (limit: string) => `المبلغ يتجاوز حد الدين المسموح لهذا العميل (${limit})`,
  overDebt: (debt: string) => `مبلغ السداد أكبر من الدين الحالي (${debt})`,
  lendInfo: (reason: string) => `رصيد دين: ${reason}`,
  repayInfo: (amount: string, reason: string) => `سداد دين بمبلغ ${amount}: ${reason}`,
} as const;

export type DebtMove = { debt: number; balance: number };

/** Which of the two ways a guarded update found no row: no such customer, or the guard refused. */
async function refusal(
  trx: DB,
  userId: number,
  refused: (row: { deposit: number; credit_limit: number | null }) => AppError,
): Promise<AppError> {
  const row = await findDebtState(trx, userId);
  return row ? refused(row) : new AppError('not_found', debtMsg.userNotFound);
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('validation_failed', msg.invalid);
}

async function entry(
  trx: DB,
  userId: number,
  kind: 'lend' | 'repay',
  amount: number,
  debtAfter: number,
  reason: string,
  actorId: number,
): Promise<number> {
  return insertDebtEntry(trx, {
    user_id: userId,
    kind,
    amount,
    debt_after: debtAfter,
    reason: reason.slice(0, 300),
    actor_id: actorId,
    created_at: now(),
  });
}

/** An operator's move on a customer's debt, all in the caller's transaction. */
type DebtStep = (trx: DB, actorId: number, userId: number, amount: number, reason: string) => Promise<DebtMove>;

/**
 * The operator lends: the debt grows (one guarded UPDATE, so two lends at once never pass the
 * limit together) and the same amount is credited through the ledger ("رصيد دين"), with the
 * history row and the audit row, all in the caller's transaction.
 */
export const lend: DebtStep = async (trx, actorId, userId, amount, reason) => {
  checkAmount(amount);
  const row = await raiseDebt(trx, userId, amount);
  if (!row) {
    throw await refusal(trx, userId, (u) =>
      AppError.fields({ amount: [debtMsg.overLimit(moneyToString(u.credit_limit ?? 0))] }),
    );
  }
  const id = await entry(trx, userId, 'lend', amount, row.deposit, reason, actorId);
  const balance = await credit(trx, userId, amount, debtMsg.lendInfo(reason), { type: 'debt', id });
  await audit(
    trx,
    actorId,
    'user.credit',
    'user',
    userId,
    { deposit: moneyToString(row.deposit - amount), balance: moneyToString(balance - amount) },
    {
      deposit: moneyToString(row.deposit),
      balance: moneyToString(balance),
      amount: moneyToString(amount),
      reason,
    },
  );
  return { debt: row.deposit, balance };
};

/**
 * The customer repaid (in cash, by transfer): the debt shrinks and the balance stays. The
 * customer's history gets a line that moves no money, so they see the repayment in /balances.
 */
export const repay: DebtStep = async (trx, actorId, userId, amount, reason) => {
  checkAmount(amount);
  const row = await lowerDebt(trx, userId, amount);
  if (!row)
    throw await refusal(trx, userId, (u) => AppError.fields({ amount: [debtMsg.overDebt(moneyToString(u.deposit))] }));
  const id = await entry(trx, userId, 'repay', amount, row.deposit, reason, actorId);
  await note(trx, userId, row.balance, debtMsg.repayInfo(moneyToString(amount), reason), { type: 'debt', id });
  await audit(
    trx,
    actorId,
    'user.settle',
    'user',
    userId,
    { deposit: moneyToString(row.deposit + amount) },
    {
      deposit: moneyToString(row.deposit),
      amount: moneyToString(amount),
      reason,
    },
  );
  return { debt: row.deposit, balance: row.balance };
};
