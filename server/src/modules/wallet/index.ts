export { lend, repay } from './debt';
export { debtHistory } from './debt-repository';
export { credit, debit, debitReturningUser, type LedgerRef } from './ledger';
export { walletRoutes } from './routes';
export { balanceChangeOf } from './service';
export { renderPdf } from './statement-pdf';
export { type PrintPdf, STATEMENT_PRINTS, StatementPrints } from './statement-prints';
export { statementRoutes } from './statement-routes';
export { type LedgerReport, verifyLedger } from './verify';
export { type LedgerTotals, ledgerTotals } from './verify-queries';
export { formatLedgerReport } from './verify-report';
export { balanceDebit, ledgerInfo, ledgerLineOfDebit } from './ledger-statements';
export { pendingDebitOfOrderIn } from './storefront-account-repository';
export {
  asStorefrontShort,
  countRefusal,
  isAccountShort,
  debitStorefront,
  type ProviderCharge,
  reverseStorefrontDebit,
  StorefrontAccountShort,
  storefrontAccountMsg,
} from './storefront-account';
export {
  adjustStorefrontAccount,
  listStorefrontAccounts,
  markStorefrontRefusalsSeen,
  readStorefrontAccount,
  setStorefrontCreditLimit,
} from './storefront-account-admin';
