import { z } from 'zod';
import { user } from './auth';
import { isoDate, money } from './envelope';

/** A user as the console sees it: the customer's fields plus what only the store decides. */
export const adminUser = user
  .extend({
    created_at: isoDate,
    credit_limit: money.nullable().meta({ description: 'most debt allowed; null: no limit' }),
    storefront_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "a customer's storefront; null for an operator, who belongs to none" }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUser>;
