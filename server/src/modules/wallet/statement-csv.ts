import { moneyToString } from '@raseed/contract';
import { stringify } from 'csv-stringify/sync';
import type { Statement } from './statement';
import { movementWords } from './statement-words';

/**
 * The statement as CSV for Excel: UTF-8 with a BOM (so Arabic shows), CRLF lines, an opening row,
 * one row per movement, a closing row. Amounts are plain decimals (no currency sign) so a
 * spreadsheet sums them. A cell starting with = + - @ is prefixed with ' (no formula injection).
 */
export function statementCsv(s: Statement, storeName: string): string {
  const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const rows: string[][] = [
    [safe(storeName), `كشف حساب من ${s.from} إلى ${s.to}`, '', '', '', ''],
    ['رقم الحركة', 'التاريخ', 'البيان', movementWords.credit, movementWords.debit, 'الرصيد بعد الحركة'],
    ['', `${s.from}T00:00:00Z`, 'الرصيد الافتتاحي', '', '', moneyToString(s.opening)],
    ...s.movements.map((m) => [
      String(m.id),
      m.created_at,
      safe(m.info),
      moneyToString(m.credit),
      moneyToString(m.debit),
      moneyToString(m.balance_after),
    ]),
    [
      '',
      `${s.to}T23:59:59Z`,
      'الرصيد الختامي',
      moneyToString(s.totalCredit),
      moneyToString(s.totalDebit),
      moneyToString(s.closing),
    ],
  ];
  return stringify(rows, { bom: true, record_delimiter: 'windows' });
}
