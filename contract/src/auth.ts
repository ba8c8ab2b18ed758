import { z } from 'zod';
import { money } from './envelope';

/** The user as every reply carries it. Never the hash, the secret or the role's internals. */
export const user = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    img: z.string().nullable(),
    balance: money,
    deposit: money,
    is_enable2fa: z.boolean(),
    role: z.enum(['customer', 'operator']),
    has_password: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;
