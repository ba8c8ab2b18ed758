import { moneyToString } from '@raseed/contract';
import type { LedgerReport } from './verify';

const m = moneyToString;

/** The report as an operator reads it in a terminal: one block per user that drifted. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = [`ledger: ${report.usersChecked} users, ${report.rowsChecked} rows checked`];
  for (const d of report.drifts) {
    lines.push(
      '',
      `DRIFT user #${d.userId} <${d.email}>: stored balance ${m(d.balance)}, ledger credits - debits ${m(d.ledgerSum)}, difference ${m(d.balance - d.ledgerSum)}`,
    );
    for (const r of d.rows) {
      const expected = r.expected_after === null ? '' : ` (running total ${m(r.expected_after)})`;
      lines.push(`  row #${r.id} ${r.created_at} credit ${m(r.credit)} debit ${m(r.debit)} balance_after ${m(r.balance_after)}${expected} — ${r.info}`);
    }
  }
  for (const i of report.refundIssues) {
    lines.push('', `REFUND ${i.subject ?? 'order'} #${i.order_id} of user #${i.user_id} (${i.status}, price ${m(i.price)}): ${i.refunds} refund row(s) totalling ${m(i.refunded)}`);
  }
  lines.push('', report.ok ? 'OK: every balance equals its credits minus debits.' : 'FAILED: the ledger and the balances disagree (see above).');
  return lines.join('\n');
}
