import { z } from 'zod';
import { isoDate, money, successReply } from './envelope';
import { rowId } from './fields';
import { formMoney, formText } from './operator-forms';

/**
 * A storefront's account with the provider (`/admin/api/v1/storefront-account?storefront=`):
 * its customers' orders and number purchases are debited from it at the provider's price, their
 * refunds credited back; the provider's operators credit it, debit it and set how far below zero
 * it may go (`credit_limit`). Storefront 1 is the provider and has none.
 */

export const storefrontAccountRef = z.enum(['order', 'order_refund', 'number', 'number_refund', 'adjust']);

export const storefrontAccountLine = z
  .object({
    id: z.number().int(),
    credit: money,
    debit: money,
    balance_after: money,
    reason: z.string(),
    ref_type: storefrontAccountRef,
    /** The order or number purchase; null for an operator's credit or debit. */
    ref_id: z.number().int().nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'StorefrontAccountLine' });
export type StorefrontAccountLine = z.infer<typeof storefrontAccountLine>;

export const storefrontAccount = z
  .object({
    storefront_id: z.number().int(),
    balance: money,
    credit_limit: money,
    /** balance + credit_limit: what the next purchases may still cost the account. */
    available: money,
    /** The provider's price of the purchases of the last 7 days, net of refunds, divided by 7. */
    day_spend: money,
    /** Nothing available, or less than one average day (`day_spend`): the staff should top it up. */
    low: z.boolean(),
    refused_count: z.number().int(),
    last_refused_at: isoDate.nullable(),
    /** The provider's price of the last purchase the account could not cover. */
    last_refused_price: money.nullable(),
  })
  .meta({ id: 'StorefrontAccount' });
export type StorefrontAccount = z.infer<typeof storefrontAccount>;

export const storefrontAccountQuery = z.object({
  storefront: rowId.optional().meta({ description: 'the storefront (a storefront’s staff: always theirs)' }),
  before: rowId.optional().meta({ description: 'the ledger page before this line id (`next_before`)' }),
});

export const storefrontAccountReply = successReply(
  z.object({
    account: storefrontAccount,
    lines: z.array(storefrontAccountLine),
    next_before: z.number().int().nullable(),
  }),
);
export type StorefrontAccountReply = z.infer<typeof storefrontAccountReply>;

/** An operator's credit or debit of the account: the amount and why (kept on the line and in the audit log). */
export const storefrontAccountMove = z.object({
  amount: formMoney.refine((m) => m > 0, 'يرجى إدخال مبلغ أكبر من صفر'),
  reason: formText(300),
});

/** How far below zero the account may go; 0: not at all. */
export const storefrontCreditLimitInput = z.object({ credit_limit: formMoney });
