import { moneyToString } from '@raseed/contract';
import type { LedgerReport } from './verify';

const m = moneyToString;

/** The report as an operator reads it in a terminal: one block per user that drifted. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = [`ledger: ${report.usersChecked} users, ${report.rowsChecked} rows checked`];
  if (report.storefronts.length) lines.push(`storefront accounts: ${report.storefronts.length} checked`);
  for (const d of report.drifts) {
    lines.push(
      '',
      `DRIFT user #${d.userId} <${d.email}>: stored balance ${m(d.balance)}, ledger credits - ` +
        `debits ${m(d.ledgerSum)}, difference ${m(d.balance - d.ledgerSum)}`,
    );
    for (const r of d.rows) {
      const expected = r.expected_after === null ? '' : ` (running total ${m(r.expected_after)})`;
      lines.push(
        `  row #${r.id} ${r.created_at} credit ${m(r.credit)} debit ${m(r.debit)} ` +
          `balance_after ${m(r.balance_after)}${expected} — ${r.info}`,
      );
    }
  }
  for (const i of report.refundIssues) {
    lines.push(
      '',
      `REFUND ${i.subject ?? 'order'} #${i.order_id} of user #${i.user_id} (${i.status}, price ` +
        `${m(i.price)}): ${i.refunds} refund row(s) totalling ${m(i.refunded)}`,
    );
  }
  for (const d of report.debtIssues) {
    lines.push(
      '',
      `DEBT user #${d.user_id} <${d.email}>: stored debt ${m(d.deposit)}, lent ${m(d.lent)} - repaid ` +
        `${m(d.repaid)} = ${m(d.lent - d.repaid)}, lends credited to the balance ${m(d.credited)}`,
    );
  }
  for (const s of report.storefronts) {
    const head =
      `storefront #${s.storefrontId} (${s.name}): balance ${m(s.balance)}, ledger ${m(s.ledgerSum)}, ` +
      `${s.rows} rows, ${s.purchases} purchases`;
    lines.push(s.issues.length ? `\nDRIFT ${head}` : `${head}: OK`, ...s.issues.map((i) => `  ${i}`));
  }
  lines.push(
    '',
    report.ok
      ? 'OK: every balance equals its credits minus debits. Every debt equals what was lent minus what was repaid.'
      : 'FAILED: the ledger and the balances disagree (see above).',
  );
  return lines.join('\n');
}
