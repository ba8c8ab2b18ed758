import { z } from 'zod';
import { isoDate, money } from './envelope';

export const balanceEntry = z
  .object({ id: z.number().int(), credit: money, debit: money, info: z.string(), created_at: isoDate })
  .meta({ id: 'BalanceEntry' });
export type BalanceEntry = z.infer<typeof balanceEntry>;
