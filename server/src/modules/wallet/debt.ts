import type { Selectable } from 'kysely';
import type { DebtEntriesTable } from '../../db/database';
import { moneyToString } from '@raseed/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
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
  const row = await trx
    .selectFrom('users')
    .select(['deposit', 'credit_limit'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? refused(row) : new AppError('NOT_FOUND', debtMsg.userNotFound);
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('UNPROCESSABLE', msg.invalid);
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
  const row = await trx
    .insertInto('debt_entries')
    .values({
      user_id: userId,
      kind,
      amount,
      debt_after: debtAfter,
      reason: reason.slice(0, 300),
      actor_id: actorId,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The operator lends: the debt grows (one guarded UPDATE, so two lends at once never pass the
 * limit together) and the same amount is credited through the ledger ("رصيد دين"), with the
 * history row and the audit row, all in the caller's transaction.
 */
export async function lend(
  trx: DB,
  actorId: number,
  userId: number,
  amount: number,
  reason: string,
): Promise<DebtMove> {
  checkAmount(amount);
  const row = await trx
    .updateTable('users')
    .set({ deposit: sql`deposit + ${amount}` })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('credit_limit', 'is', null), eb(sql`deposit + ${amount}`, '<=', eb.ref('credit_limit'))]))
    .returning('deposit')
    .executeTakeFirst();
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
}

/**
 * The customer repaid (in cash, by transfer): the debt shrinks and the balance stays. The
 * customer's history gets a line that moves no money, so they see the repayment in /balances.
 */
export async function repay(
  trx: DB,
  actorId: number,
  userId: number,
  amount: number,
  reason: string,
): Promise<DebtMove> {
  checkAmount(amount);
  const row = await trx
    .updateTable('users')
    .set({ deposit: sql`deposit - ${amount}` })
    .where('id', '=', userId)
    .where('deposit', '>=', amount)
    .returning(['deposit', 'balance'])
    .executeTakeFirst();
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
}

export type DebtEntryRow = Omit<Selectable<DebtEntriesTable>, 'user_id'>;

/** The newest entries of one customer's debt, for the console's user page. */
export function debtHistory(db: DB, userId: number, limit = 100): Promise<DebtEntryRow[]> {
  return db
    .selectFrom('debt_entries')
    .select(['id', 'kind', 'amount', 'debt_after', 'reason', 'actor_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
