import { decrypt, decryptOrNull, encrypt } from '../../kernel/crypto';

/**
 * The codes an order delivered, kept on the order encrypted with the app key, so a copy of the
 * database file shows no code. Two shapes: codes a supplier sent are sealed as one encrypted JSON
 * array (`sealOrderCodes`); codes sold from stock keep the ciphertexts they were stocked with,
 * listed as `[[code_enc, serial_enc | null], …]` (`sealStockCodes`), so a sale needs no
 * decryption and PostgreSQL can copy them in the sale's own statement.
 */
export function sealOrderCodes(appKey: Buffer, codes: string[]): string | null {
  return codes.length ? encrypt(appKey, JSON.stringify(codes)) : null;
}

type StockedCode = { code_enc: string; serial_enc: string | null };

export function sealStockCodes(rows: StockedCode[]): string | null {
  return rows.length ? JSON.stringify(rows.map((r) => [r.code_enc, r.serial_enc])) : null;
}

/** A code with its serial or PIN, as the buyer copies it. */
function openStocked(appKey: Buffer, pair: unknown): string | null {
  if (!Array.isArray(pair) || typeof pair[0] !== 'string') return null;
  try {
    const code = decrypt(appKey, pair[0]);
    return typeof pair[1] === 'string' ? `${code} / ${decrypt(appKey, pair[1])}` : code;
  } catch {
    return null;
  }
}

/** An unreadable value (the app key changed) reads as no codes rather than failing a whole list. */
export function openOrderCodes(appKey: Buffer, sealed: string | null): string[] {
  if (sealed?.startsWith('[')) {
    const pairs = parseOrNull(sealed);
    if (!Array.isArray(pairs)) return [];
    return pairs.map((p) => openStocked(appKey, p)).filter((c): c is string => c !== null);
  }
  const json = decryptOrNull(appKey, sealed);
  const list = json === null ? null : parseOrNull(json);
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}

function parseOrNull(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** What an operator sees of a code: its last 4 characters. */
export function maskCode(code: string): string {
  const tail = [...code].slice(-4).join('');
  return `••••${tail}`;
}
