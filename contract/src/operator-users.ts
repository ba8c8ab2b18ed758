import { z } from 'zod';
import { emailField, newPassword, user } from './auth';
import { isoDate, money, successReply } from './envelope';

/** A user as the console sees it: the customer's fields plus what only the store decides. */
export const adminUser = user
  .extend({
    created_at: isoDate,
    credit_limit: money.nullable().meta({ description: 'most debt allowed; null: no limit' }),
    storefront_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "a customer's or a staff account's storefront; null for the provider's operators" }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUser>;

/**
 * A storefront's staff (`/admin/api/v1/storefronts/{id}/staff`): operator accounts bound to it,
 * who reach only its customers, top-ups, orders (to read), settings and prices. A new account:
 * an e-mail any account already holds is refused.
 */
export const staffInput = z.object({
  email: emailField,
  password: newPassword,
  name: z.string().trim().min(1, 'يرجى إدخال الاسم').max(120, 'الاسم أطول من المسموح به').optional(),
});
export const staffListReply = successReply(z.object({ staff: z.array(adminUser) }));
