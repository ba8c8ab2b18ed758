import type { Sealer } from '../../kernel/sealing';

/**
 * The codes an order delivered, kept on the order encrypted with the app key, so a copy of the
 * database file shows no code. Two shapes: codes a supplier sent are sealed as one encrypted JSON
 * array (`sealOrderCodes`); codes sold from stock keep the ciphertexts they were stocked with,
 * listed as `[[code_enc, serial_enc | null], …]` (`sealStockCodes`), so a sale needs no
 * decryption and PostgreSQL can copy them in the sale's own statement.
 */
export function sealOrderCodes(sealer: Sealer, codes: string[]): string | null {
  return codes.length ? sealer.seal(JSON.stringify(codes)) : null;
}

type StockedCode = { code_enc: string; serial_enc: string | null };

export function sealStockCodes(rows: StockedCode[]): string | null {
  return rows.length ? JSON.stringify(rows.map((r) => [r.code_enc, r.serial_enc])) : null;
}

/**
 * An order's codes sealed under the current key, in the shape they had: a stock sale's list keeps
 * one ciphertext per code and serial, each resealed. Throws when a key that sealed one is gone.
 */
export function resealOrderCodes(sealer: Sealer, sealed: string): string {
  if (!sealed.startsWith('[')) return sealer.reseal(sealed);
  const pairs = JSON.parse(sealed) as (string | null)[][];
  const resealed = pairs.map((pair) => pair.map((c) => (c === null ? null : sealer.reseal(c))));
  return resealed.some((pair, i) => pair.some((c, j) => c !== pairs[i]![j])) ? JSON.stringify(resealed) : sealed;
}

/** A code with its serial or PIN, as the buyer copies it. */
function openStocked(sealer: Sealer, pair: unknown): string | null {
  if (!Array.isArray(pair) || typeof pair[0] !== 'string') return null;
  try {
    const code = sealer.open(pair[0]);
    return typeof pair[1] === 'string' ? `${code} / ${sealer.open(pair[1])}` : code;
  } catch {
    return null;
  }
}

/** An unreadable value (the app key changed) reads as no codes rather than failing a whole list. */
export function openOrderCodes(sealer: Sealer, sealed: string | null): string[] {
  if (sealed?.startsWith('[')) {
    const pairs = parseOrNull(sealed);
    if (!Array.isArray(pairs)) return [];
    return pairs.map((p) => openStocked(sealer, p)).filter((c): c is string => c !== null);
  }
  const json = sealer.openOrNull(sealed);
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
