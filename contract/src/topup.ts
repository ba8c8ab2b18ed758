import { z } from 'zod';
import { isoDate, money } from './envelope';

export const bank = z
  .object({ id: z.number().int(), name: z.string(), img: z.string().nullable(), info: z.string(), iban: z.string() })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof bank>;

export const chargeStatus = z.enum(['pending', 'success', 'cancel']);
export type ChargeStatus = z.infer<typeof chargeStatus>;

export const charge = z
  .object({
    id: z.number().int(),
    img: z.string(),
    bank: z.string(),
    amount: money,
    status: z.string(),
    created_at: isoDate,
  })
  .meta({ id: 'Charge' });
export type Charge = z.infer<typeof charge>;
