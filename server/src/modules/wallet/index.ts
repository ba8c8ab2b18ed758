export { lend, repay } from './debt';
export { debtHistory } from './debt-repository';
export { credit, debit, debitReturningUser, type LedgerRef } from './ledger';
export { walletRoutes } from './routes';
export { statementRoutes } from './statement-routes';
export { verifyLedger } from './verify';
export { formatLedgerReport } from './verify-report';
export { balanceDebit, ledgerInfo, ledgerLineOfDebit } from './ledger-statements';
