import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatMicros } from '@raseed/contract';
import type { Browser } from 'playwright-core';
import { AppError } from '../../kernel/errors';
import type { Statement } from './statement';
import { movementWords as w } from './statement-words';

const require = createRequire(import.meta.url);
let fontCss: string | null = null;

/** Noto Kufi Arabic (the storefront's font) embedded, so the PDF looks the same on any machine. */
function fonts(): string {
  if (fontCss) return fontCss;
  const face = (weight: number) => {
    const file = require.resolve(`@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-${weight}-normal.woff2`);
    return (
      `@font-face{font-family:Kufi;font-weight:${weight};src:url(data:font/woff2;base64,` +
      `${readFileSync(file).toString('base64')}) format('woff2')}`
    );
  };
  fontCss = face(400) + face(700);
  return fontCss;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string) => iso.slice(0, 10);
const time = (iso: string) => iso.slice(11, 16);

/** The statement page: Arabic, right to left, store name and logo, opening, movements, closing. */
export function statementHtml(
  s: Statement,
  brand: { name: string; logo: Buffer; contentType: string },
  customer: { name: string; email: string },
): string {
  const money = (m: number) => `<bdi>${esc(formatMicros(m))}</bdi>`;
  const rows = s.movements
    .map(
      (m) =>
        `<tr><td>${m.id}</td><td><bdi>${day(m.created_at)}</bdi> <bdi>${time(m.created_at)}</bdi></td>` +
        `<td class="info">${esc(m.info)}</td><td>${m.credit ? money(m.credit) : ''}</td>` +
        `<td>${m.debit ? money(m.debit) : ''}</td><td>${money(m.balance_after)}</td></tr>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>كشف حساب</title><style>
${fonts()}
@page{size:A4;margin:14mm 12mm}
body{font-family:Kufi,sans-serif;color:#111827;font-size:10pt;margin:0}
header{display:flex;align-items:center;gap:12px;border-bottom:2px solid #047857;padding-bottom:8px;margin-bottom:10px}
header img{width:56px;height:56px;object-fit:contain}
h1{font-size:16pt;margin:0}
h2{font-size:12pt;margin:0;color:#047857}
.meta{color:#4b5563;font-size:9pt}
.cards{display:flex;gap:8px;margin:8px 0 12px}
.card{flex:1;border:1px solid #d3d9e8;border-radius:6px;padding:6px 8px}
.card b{display:block;font-size:12pt}
table{width:100%;border-collapse:collapse}
th,td{border-bottom:1px solid #e5e7eb;padding:4px 6px;text-align:start;vertical-align:top}
th{background:#eceff7;font-weight:700}
tr{break-inside:avoid}
td.info{width:40%}
tfoot td{font-weight:700;border-top:2px solid #111827}
</style></head><body>
<header><img src="data:${esc(brand.contentType)};base64,${brand.logo.toString('base64')}" alt="">` +
    `<div><h1>${esc(brand.name)}</h1><h2>كشف حساب</h2>
<div class="meta">${esc(customer.name)} — <bdi>${esc(customer.email)}</bdi> · من <bdi>${s.from}</bdi>` +
    ` إلى <bdi>${s.to}</bdi></div></div></header>
<div class="cards"><div class="card">الرصيد الافتتاحي<b>${money(s.opening)}</b></div>` +
    `<div class="card">${w.totalCredit}<b>${money(s.totalCredit)}</b></div>` +
    `<div class="card">${w.totalDebit}<b>${money(s.totalDebit)}</b></div>` +
    `<div class="card">الرصيد الختامي<b>${money(s.closing)}</b></div></div>
<table><thead><tr><th>رقم</th><th>التاريخ</th><th>البيان</th><th>${w.credit}</th><th>${w.debit}</th>` +
    `<th>الرصيد</th></tr></thead>
<tbody><tr><td></td><td><bdi>${s.from}</bdi></td><td>الرصيد الافتتاحي</td>` +
    `<td></td><td></td><td>${money(s.opening)}</td></tr>${rows}</tbody>
<tfoot><tr><td></td><td><bdi>${s.to}</bdi></td><td>الرصيد الختامي</td>` +
    `<td>${money(s.totalCredit)}</td><td>${money(s.totalDebit)}</td><td>${money(s.closing)}</td></tr></tfoot></table>
${s.movements.length === 0 ? '<p>لا توجد حركات في هذه الفترة.</p>' : ''}
</body></html>`
  );
}

/**
 * Prints the page to PDF with Chromium (the one the end-to-end tests drive): JavaScript off, no
 * network (everything is inline); each print gets a fresh browser. StatementPrints
 * (statement-prints.ts) decides whose print runs when. Without Chromium the customer gets a 503
 * and can still take the CSV.
 */
export async function renderPdf(html: string, chromiumPath: string): Promise<Buffer> {
  let browser: Browser;
  try {
    // Loaded on the first print: a large package most processes (the CLIs, most instances) never need.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      timeout: 20_000,
    });
  } catch {
    throw new AppError('unavailable', 'تعذّر إنشاء ملف PDF الآن، جرّب ملف CSV أو أعد المحاولة لاحقاً');
  }
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load', timeout: 20_000 });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}
