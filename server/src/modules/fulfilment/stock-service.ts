import type { Sealer } from '../../kernel/sealing';
import { after } from '../../kernel/unit-of-work';
import {
  deliveryMessages,
  MAX_CODE_LENGTH,
  MAX_CODES_PER_UPLOAD,
  type StockCode,
  type StockCounts,
} from '@raseed/contract';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { deliveryMsg } from './messages-ar';
import type { CodeLine, CodeRow } from './codes-file';
import { maskCode } from '../orders';
import * as repo from './stock-repository';

// C0 and C1 controls, DEL, and the bidi overrides that would make a code read differently.
const FORBIDDEN = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/**
 * Characters that show nothing: format characters (RLM, LRM, ZWSP, ZWJ, ZWNJ, BOM, soft hyphen,
 * Arabic letter mark…), the other default-ignorable ones (variation selectors, Hangul fillers)
 * and the line and paragraph separators. Pasted from a right-to-left document they stick to a
 * code, which then looks like another code but escapes the duplicate check.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;
/** Longer than this, a column is not even cleaned before it is refused as too long. */
const MAX_COLUMN = 4 * MAX_CODE_LENGTH;
const EDGE = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;

/** Whitespace and invisible characters off both ends, in one pass each way (no backtracking regex). */
function stripEdges(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b) {
    const ch = String.fromCodePoint(s.codePointAt(a) ?? 0);
    if (!EDGE.test(ch)) break;
    a += ch.length;
  }
  while (b > a) {
    const low = s.charCodeAt(b - 1);
    const pair = low >= 0xdc00 && low <= 0xdfff && b - 2 >= a && (s.charCodeAt(b - 2) & 0xfc00) === 0xd800;
    const start = pair ? b - 2 : b - 1;
    if (!EDGE.test(s.slice(start, b))) break;
    b = start;
  }
  return s.slice(a, b);
}

/**
 * A code as it is stored, delivered and compared: NFC (a letter and its accent typed apart are
 * the same code) without whitespace or invisible characters at either end. Codes made of ASCII
 * letters, digits and dashes are unchanged, so codes stocked before keep their hashes.
 */
export function canonicalCode(code: string): string {
  return stripEdges(stripEdges(code).normalize('NFC'));
}

/** The keyed hash that makes "already in stock" checkable without storing codes in clear. */
export function codeHash(sealer: Sealer, productId: number, code: string): string {
  return sealer.mac(`code:${productId}:${canonicalCode(code)}`);
}

function readExpiry(value: string | undefined, line: number): string | null {
  if (!value) return null;
  const d = new Date(value.length > 40 ? Number.NaN : value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime()))
    throw AppError.fields({ codes: [deliveryMessages.lineDate(line)] });
  return d.toISOString();
}

/** Why a code or serial cannot be stocked, or null. Invisible characters inside are refused, not cut. */
function fieldProblem(value: string, line: number): string | null {
  if (value.length > MAX_CODE_LENGTH) return deliveryMessages.lineTooLong(line);
  if (FORBIDDEN.test(value)) return deliveryMessages.lineControl(line);
  if (INVISIBLE.test(value)) return deliveryMsg.lineInvisible(line);
  return null;
}

/** Checks every line before anything is stored, so a bad line refuses the whole upload. */
export function checkLines(rows: CodeRow[]): CodeLine[] {
  const out: CodeLine[] = [];
  const errors: string[] = [];
  for (const { line, cols } of rows) {
    // A column far past the longest code is refused as it is: megabytes of padding are never walked.
    const [code = '', serial = '', expires] = cols.map((c) => {
      if (c.length > MAX_COLUMN) return c;
      const edged = stripEdges(c);
      return edged.length > MAX_CODE_LENGTH ? edged : canonicalCode(edged);
    });
    if (!code) continue;
    const problem = fieldProblem(code, line) ?? fieldProblem(serial, line);
    if (problem) errors.push(problem);
    else {
      try {
        out.push({ line, code, serial: serial || null, expiresAt: readExpiry(expires, line) });
      } catch (err) {
        errors.push(...((err as AppError).errors?.codes ?? []));
      }
    }
    if (errors.length >= 20) break;
  }
  if (errors.length) throw AppError.fields({ codes: errors.slice(0, 20) });
  if (!out.length) throw AppError.fields({ codes: [deliveryMessages.noCodes] });
  if (out.length > MAX_CODES_PER_UPLOAD)
    throw AppError.fields({ codes: [deliveryMessages.tooManyCodes(MAX_CODES_PER_UPLOAD)] });
  return out;
}

export async function requireProduct(db: DB, productId: number) {
  const product = await repo.findStockProduct(db, productId);
  if (!product) throw new AppError('not_found', operatorMsg.productNotFound);
  return product;
}

/**
 * Adds codes to a product's stock in one transaction. A code already stocked for this product,
 * sold or not, or repeated in the same upload, is counted as a duplicate and stored once.
 */
export async function addCodes(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  productId: number,
  lines: CodeLine[],
): Promise<{ added: number; duplicates: number; stock: StockCounts }> {
  after(trx, { kind: 'reads-stale' });
  await requireProduct(trx, productId);
  const t = now();
  const rows = lines.map((l) => ({
    product_id: productId,
    code_enc: sealer.seal(l.code),
    code_hash: codeHash(sealer, productId, l.code),
    serial_enc: l.serial ? sealer.seal(l.serial) : null,
    expires_at: l.expiresAt,
    status: 'available' as const,
    created_at: t,
  }));
  const added = await repo.insertCodes(trx, rows);
  const stock = await repo.stockCounts(trx, productId, t);
  const product = await requireProduct(trx, productId);
  // Restocked above the threshold: the next fall to it warns the operator again.
  if (stock.available > product.low_stock_threshold) {
    await repo.rearmLowStockWarning(trx, productId);
  }
  await audit(trx, actorId, 'codes.add', 'product', productId, null, {
    added,
    duplicates: lines.length - added,
    available: stock.available,
  });
  return { added, duplicates: lines.length - added, stock };
}

/** The products at or under their low-stock threshold now, emptiest first (the badge's products). */
export function listLowStock(db: DB) {
  return repo.listLowStockProducts(db, now());
}

/** A search as the stock editor sends it: the whole code, and an order number when it reads as one. */
function codeMatch(sealer: Sealer, productId: number, search: string | undefined): repo.CodeMatch | undefined {
  if (!search) return undefined;
  const order = /^#?(\d{1,15})$/.exec(search);
  return { hash: codeHash(sealer, productId, search), orderId: order ? Number(order[1]) : null };
}

export async function listStock(
  db: DB,
  sealer: Sealer,
  productId: number,
  filter: { status: 'available' | 'sold' | 'all'; search?: string | undefined },
  w: { limit: number; offset: number },
) {
  await requireProduct(db, productId);
  const rows = await repo.listCodes(db, productId, filter.status, w, codeMatch(sealer, productId, filter.search));
  const codes: StockCode[] = rows.map((r) => {
    const serial = sealer.openOrNull(r.serial_enc);
    return {
      id: r.id,
      code: maskCode(sealer.openOrNull(r.code_enc) ?? ''),
      serial: serial === null ? null : maskCode(serial),
      status: r.status,
      expires_at: r.expires_at,
      order_id: r.order_id,
      sold_at: r.sold_at,
      created_at: r.created_at,
    };
  });
  return { rows: codes, stock: await repo.stockCounts(db, productId, now()) };
}

/** Only an unsold code can be taken out of stock; a sold one is part of an order's record. */
export async function removeCode(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  productId: number,
  codeId: number,
): Promise<void> {
  const gone = await repo.deleteUnsoldCode(trx, productId, codeId);
  // The storefront's "in stock" flag is read from memory: it may have just changed.
  if (gone) after(trx, { kind: 'reads-stale' });
  if (!gone) {
    const code = await repo.findCode(trx, productId, codeId);
    if (!code) throw new AppError('not_found', deliveryMsg.codeNotFound);
    throw new AppError('conflict', deliveryMsg.codeSold);
  }
  await auditRemoved(trx, actorId, productId, {
    code_id: codeId,
    code: maskCode(sealer.openOrNull(gone.code_enc) ?? ''),
  });
}

/** The audit row of codes taken out of stock (`what` names them, masked). */
function auditRemoved(trx: DB, actorId: number, productId: number, what: Record<string, unknown>): Promise<void> {
  return audit(trx, actorId, 'codes.delete', 'product', productId, what, null);
}

/**
 * Takes the named unsold codes out of stock in one statement; sold ones (and ids of another
 * product) stay and are counted as kept. One audit row names the codes, masked.
 */
export async function removeCodes(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  productId: number,
  ids: number[],
): Promise<{ removed: number; kept: number; stock: StockCounts }> {
  await requireProduct(trx, productId);
  const unique = [...new Set(ids)];
  const gone = await repo.deleteUnsoldCodes(trx, productId, unique);
  if (gone.length) after(trx, { kind: 'reads-stale' });
  const stock = await repo.stockCounts(trx, productId, now());
  if (gone.length) {
    await auditRemoved(trx, actorId, productId, {
      code_ids: gone.map((g) => g.id),
      codes: gone.map((g) => maskCode(sealer.openOrNull(g.code_enc) ?? '')),
    });
  }
  return { removed: gone.length, kept: unique.length - gone.length, stock };
}
