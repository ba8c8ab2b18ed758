import { decryptOrNull, encrypt } from '../lib/crypto';

/**
 * The codes an order delivered, kept on the order as one encrypted JSON array: readable with the
 * app key only, so a copy of the database file shows no code.
 */
export function sealOrderCodes(appKey: Buffer, codes: string[]): string | null {
  return codes.length ? encrypt(appKey, JSON.stringify(codes)) : null;
}

/** An unreadable value (the app key changed) reads as no codes rather than failing a whole list. */
export function openOrderCodes(appKey: Buffer, sealed: string | null): string[] {
  const json = decryptOrNull(appKey, sealed);
  if (json === null) return [];
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}

/** What an operator sees of a code: its last 4 characters. */
export function maskCode(code: string): string {
  const tail = [...code].slice(-4).join('');
  return `••••${tail}`;
}
