import { z } from 'zod';
import { user } from './auth';
import { isoDate, money, successReply } from './envelope';
import { keysetPaginate, pageQuery } from './orders';

export const balanceEntry = z
  .object({ id: z.number().int(), credit: money, debit: money, info: z.string(), created_at: isoDate })
  .meta({ id: 'BalanceEntry' });
export type BalanceEntry = z.infer<typeof balanceEntry>;

export const balancesQuery = pageQuery;
export type BalancesQuery = z.infer<typeof balancesQuery>;

/**
 * The ledger page plus the summary cards: `total_balance` is the balance, `deposit` the debt
 * balance, `total_orders` what the customer's orders that are not cancelled cost.
 */
export const balancesReply = successReply(
  z.object({
    balances: z.array(balanceEntry),
    paginate: keysetPaginate,
    total_balance: money,
    deposit: money,
    total_orders: money,
    user,
  }),
);
export type BalancesReply = z.infer<typeof balancesReply>;
