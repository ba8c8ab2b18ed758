import { z } from 'zod';
import { formBool } from './fields';
import { authLimits, authText } from './auth';
import { isoDate, money, successReply } from './envelope';
import { adminUser } from './operator-users';
import { formMoney, formText, patchOf } from './operator-forms';

/**
 * Selling on credit. The operator lends (`/credit`: balance and debt grow together), records a
 * repayment (`/settle`: the debt shrinks, the balance stays) and may cap what a customer owes.
 */

const positiveMoney = formMoney.refine((m) => m > 0, 'يرجى إدخال مبلغ أكبر من صفر');

export const debtInput = z.object({ amount: positiveMoney, reason: formText(300) });

/** Blank or null: no limit. */
const creditLimit = z.preprocess((v) => (v === '' ? null : v), formMoney.nullable());

/** What an operator may change on a user; e-mail, password and role stay the customer's own business. */
export const userInput = z.object({
  name: formText(authLimits.name),
  phone: z.string().trim().min(1, authText.phoneInvalid).max(authLimits.phone),
  credit_limit: creditLimit,
  /** Lets the customer make API keys; off, their keys are refused (and kept). */
  api_access: formBool,
});
export const userPatch = patchOf(userInput);

export const debtEntry = z
  .object({
    id: z.number().int(),
    kind: z.enum(['lend', 'repay']),
    amount: money,
    debt_after: money,
    reason: z.string(),
    created_at: isoDate,
  })
  .meta({ id: 'DebtEntry' });
export type DebtEntry = z.infer<typeof debtEntry>;

export const adminUserDebtReply = successReply(z.object({ user: adminUser, entries: z.array(debtEntry) }));
