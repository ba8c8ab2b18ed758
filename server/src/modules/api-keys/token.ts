import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { hmac, keyIdOf } from '../../kernel/crypto';
import type { Sealer } from '../../kernel/sealing';

/**
 * An API key's token: `rsd_live_` or `rsd_test_`, 32 random bytes in base62 (43 characters),
 * `_`, and the CRC32 of everything before it in base62 (6 characters). The fixed prefix and the
 * checksum let secret scanners recognise a leaked key without a false alarm on random text, and
 * let the store refuse a mistyped one without reading the database.
 */
export const TOKEN_PREFIX = { live: 'rsd_live_', test: 'rsd_test_' } as const;
export type KeyMode = keyof typeof TOKEN_PREFIX;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_BYTES = 32;
/** 62^43 > 2^256: every 32-byte value fits, padded to one width. */
const SECRET_CHARS = 43;
/** 62^6 > 2^32: every CRC32 fits. */
const CHECK_CHARS = 6;
/** Characters of the secret kept in the shown prefix: enough to tell keys apart, far from enough to guess. */
const SHOWN_CHARS = 6;
const SHAPE = new RegExp(`^rsd_(live|test)_[0-9A-Za-z]{${SECRET_CHARS}}_([0-9A-Za-z]{${CHECK_CHARS}})$`);

function base62(value: bigint, width: number): string {
  let out = '';
  let n = value;
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

/** The checksum of a token's body (`rsd_live_<secret>`). */
export function checksumOf(body: string): string {
  return base62(BigInt(crc32(body)), CHECK_CHARS);
}

/** Whether a bearer token is meant as an API key (it may still be malformed). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith('rsd_');
}

export function newToken(mode: KeyMode): { token: string; prefix: string } {
  const secret = base62(BigInt(`0x${randomBytes(SECRET_BYTES).toString('hex')}`), SECRET_CHARS);
  const body = `${TOKEN_PREFIX[mode]}${secret}`;
  return { token: `${body}_${checksumOf(body)}`, prefix: body.slice(0, TOKEN_PREFIX[mode].length + SHOWN_CHARS) };
}

/** The mode of a well-formed token whose checksum holds, or null. */
export function readToken(token: string): { mode: KeyMode } | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const body = token.slice(0, -(CHECK_CHARS + 1));
  return checksumOf(body) === m[2] ? { mode: m[1] as KeyMode } : null;
}

/**
 * Tokens are stored as an HMAC-SHA-256 with a key of their own, derived from the app key for this
 * purpose only (docs/security.md): a copied table or backup yields no usable key and cannot be
 * checked against guesses without the app key. `keyId` names the derived key beside each hash.
 */
export type TokenHasher = { keyId: string; hash(token: string): string };

const HASH_PURPOSE = 'raseed api-key token hash v1';
const hashers = new WeakMap<Sealer, TokenHasher>();

export function tokenHasher(sealer: Sealer): TokenHasher {
  let hasher = hashers.get(sealer);
  if (!hasher) {
    const key = sealer.derive(HASH_PURPOSE);
    hasher = { keyId: keyIdOf(key), hash: (token) => hmac(key, token) };
    hashers.set(sealer, hasher);
  }
  return hasher;
}
