export { lend, repay } from './debt';
export { debtHistory } from './debt-repository';
export { credit, debit, debitReturningUser, type LedgerRef } from './ledger';
export { walletRoutes } from './routes';
export { renderPdf } from './statement-pdf';
export { type PrintPdf, STATEMENT_PRINTS, StatementPrints } from './statement-prints';
export { statementRoutes } from './statement-routes';
export { verifyLedger } from './verify';
export { formatLedgerReport } from './verify-report';
