import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21-initial';
import * as twoFactorChallengeAttempts from './2026-11-22-two-factor-challenge-attempts';
import * as instantDelivery from './2026-11-23-12-instant-delivery';
import * as bankHolderCategoryKeywords from './2026-11-23-13-bank-holder-category-keywords';
import * as orderEventsNotificationReads from './2026-11-23-13-order-events-notification-reads';
import * as credit from './2026-11-23-14-credit';
import * as fraudDashboard from './2026-11-23-19-fraud-dashboard';
import * as numberPurchases from './2026-11-23-20-number-purchases';
import * as hardening15 from './2026-11-24-15-hardening';
import * as pushPlayers from './2026-11-24-18-push-players';
import * as knownAddresses from './2026-11-26-08-known-addresses';
import * as redeemInstructions from './2026-11-26-09-redeem-instructions';
import * as productKeywords from './2026-11-26-09-product-keywords';
import * as passwordResets from './2026-11-26-09-password-resets';
import * as bankCurrency from './2026-11-26-09-bank-currency';
import * as customerHistoryIndexes from './2026-11-26-12-customer-history-indexes';
import * as dashboardSummaries from './2026-11-26-12-dashboard-summaries';
import * as textSearch from './2026-11-26-12-text-search';
import * as walletVerifyIndex from './2026-11-26-12-wallet-verify-index';
import * as apiKeys from './2026-11-26-13-api-keys';
import * as webhooks from './2026-11-26-14-webhooks';
import * as demoStore from './2026-11-26-15-demo-store';
import * as transferRefAsTyped from './2026-11-26-16-transfer-ref-as-typed';
import * as forwardIdempotencyKeys from './2026-11-26-17-forward-idempotency-keys';
import * as macKey from './2026-11-26-17-mac-key';
import * as supplierWebhooks from './2026-11-26-19-supplier-webhooks';
import * as testOrders from './2026-11-26-20-test-orders';
import * as apiKeyChanges from './2026-11-26-21-api-key-changes';
import * as storefronts from './2026-11-26-22-storefronts';
import * as jobRequestIds from './2026-11-26-23-job-request-ids';
import * as storefrontCustomers from './2026-11-26-24-storefront-customers';
import * as storefrontPrices from './2026-11-26-25-storefront-prices';
import * as storefrontAccounts from './2026-11-26-26-storefront-accounts';
import * as storefrontStaff from './2026-11-26-27-storefront-staff';
import * as storefrontSums from './2026-11-26-28-storefront-sums';
import * as storefrontDebitAtCommit from './2026-11-26-29-storefront-debit-at-commit';
import * as storefrontDebitInOneStatement from './2026-11-26-30-storefront-debit-in-one-statement';
import * as numberPurchaseSums from './2026-11-26-31-number-purchase-sums';
import * as refusalsSeen from './2026-11-26-32-refusals-seen';
import * as oneNoticeIndex from './2026-11-26-33-one-notice-index';
import * as storefrontAccountSlots from './2026-11-26-34-storefront-account-slots';
import * as sellableCodesIndex from './2026-11-27-01-sellable-codes-index';

/** Migrations listed in code (not read from disk) so they run the same under tsx and in tests. */
export const migrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '2026-11-21-initial': initial,
      '2026-11-22-two-factor-challenge-attempts': twoFactorChallengeAttempts,
      '2026-11-23-12-instant-delivery': instantDelivery,
      '2026-11-23-13-bank-holder-category-keywords': bankHolderCategoryKeywords,
      '2026-11-23-13-order-events-notification-reads': orderEventsNotificationReads,
      '2026-11-23-14-credit': credit,
      '2026-11-23-19-fraud-dashboard': fraudDashboard,
      '2026-11-23-20-number-purchases': numberPurchases,
      '2026-11-24-15-hardening': hardening15,
      '2026-11-24-18-push-players': pushPlayers,
      '2026-11-26-08-known-addresses': knownAddresses,
      '2026-11-26-09-redeem-instructions': redeemInstructions,
      '2026-11-26-09-product-keywords': productKeywords,
      '2026-11-26-09-password-resets': passwordResets,
      '2026-11-26-09-bank-currency': bankCurrency,
      '2026-11-26-12-customer-history-indexes': customerHistoryIndexes,
      '2026-11-26-12-dashboard-summaries': dashboardSummaries,
      '2026-11-26-12-text-search': textSearch,
      '2026-11-26-12-wallet-verify-index': walletVerifyIndex,
      '2026-11-26-13-api-keys': apiKeys,
      '2026-11-26-14-webhooks': webhooks,
      '2026-11-26-15-demo-store': demoStore,
      '2026-11-26-16-transfer-ref-as-typed': transferRefAsTyped,
      '2026-11-26-17-forward-idempotency-keys': forwardIdempotencyKeys,
      '2026-11-26-17-mac-key': macKey,
      '2026-11-26-19-supplier-webhooks': supplierWebhooks,
      '2026-11-26-20-test-orders': testOrders,
      '2026-11-26-21-api-key-changes': apiKeyChanges,
      '2026-11-26-22-storefronts': storefronts,
      '2026-11-26-23-job-request-ids': jobRequestIds,
      '2026-11-26-24-storefront-customers': storefrontCustomers,
      '2026-11-26-25-storefront-prices': storefrontPrices,
      '2026-11-26-26-storefront-accounts': storefrontAccounts,
      '2026-11-26-27-storefront-staff': storefrontStaff,
      '2026-11-26-28-storefront-sums': storefrontSums,
      '2026-11-26-29-storefront-debit-at-commit': storefrontDebitAtCommit,
      '2026-11-26-30-storefront-debit-in-one-statement': storefrontDebitInOneStatement,
      '2026-11-26-31-number-purchase-sums': numberPurchaseSums,
      '2026-11-26-32-refusals-seen': refusalsSeen,
      '2026-11-26-33-one-notice-index': oneNoticeIndex,
      '2026-11-26-34-storefront-account-slots': storefrontAccountSlots,
      '2026-11-27-01-sellable-codes-index': sellableCodesIndex,
    };
  },
};
