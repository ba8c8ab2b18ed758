import { z } from 'zod';
import { isoDate, money, successReply } from './envelope';
import { MAX_ROW_ID, rowId } from './fields';
import { formMoney, formSignedMoney, formText, patchOf } from './operator-forms';

/**
 * A storefront's account with the provider (`/admin/api/v1/storefronts/{id}/account`, and every
 * storefront's at `/admin/api/v1/storefront-accounts`):
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
    /** Every purchase the account could not cover, ever; it only grows. */
    refused_count: z.number().int(),
    last_refused_at: isoDate.nullable(),
    /** The provider's price of the last purchase the account could not cover. */
    last_refused_price: money.nullable(),
    /**
     * The refusals counted since the caller last marked them seen (`…/account/refusals-seen`),
     * whatever their age; every one for a caller who never did. Each caller has their own.
     */
    unseen_refusals: z.number().int(),
  })
  .meta({ id: 'StorefrontAccount' });
export type StorefrontAccount = z.infer<typeof storefrontAccount>;

export const storefrontAccountPageQuery = z.object({
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

export const storefrontAccountsReply = successReply(z.object({ accounts: z.array(storefrontAccount) }));

/**
 * An operator's change of the balance: "25" credits (money received from the storefront),
 * "-5.50" debits (a correction, within the credit limit); the reason is kept on the line and in
 * the audit log.
 */
export const storefrontAccountAdjust = z.object({ amount: formSignedMoney, reason: formText(300) });

/** `credit_limit`: how far below zero the account may go; 0: not at all. */
export const storefrontAccountPatch = patchOf(z.object({ credit_limit: formMoney }));

/**
 * The caller has seen the account's refusals up to `refused_count`, the count their console
 * showed (the server holds it to what the account has counted, so one refused meanwhile stays
 * unseen): their `unseen_refusals` drops by as many, a colleague's does not.
 */
export const storefrontRefusalsSeen = z.object({
  refused_count: z.number().int().min(0).max(MAX_ROW_ID),
});
