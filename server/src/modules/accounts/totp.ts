import type { Sealer } from '../../kernel/sealing';
import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
const PERIOD = 30;
const DIGITS = 6;
/** Codes of the previous and the next step are accepted too (clock drift). */
const WINDOW = 1;

function totp(base32: string, label = '', issuer = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

/** A fresh 160-bit secret, in the base32 form a person types as the setup key. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function otpauthUri(base32: string, account: string, issuer: string): string {
  return totp(base32, account, issuer).toString();
}

/**
 * The time step a code belongs to, or null when it matches none of the accepted steps. The
 * caller still has to claim the step, so a code is good once.
 */
export function matchTotpStep(base32: string, code: string, atMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp: atMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / PERIOD) + delta;
}

// ——— backup codes ———

export const BACKUP_CODE_COUNT = 8;
// No 0/O, 1/I/L: codes are read off paper and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 8 codes like "K7QF2-M9XWA": 10 symbols of 31 ≈ 49 bits each. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });
}

export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * Stored as a keyed hash: a copied table without the app key gives no usable code. Case, spaces
 * and the dash do not matter when typing.
 */
export function hashBackupCode(sealer: Sealer, code: string): string {
  return sealer.mac(`backup:${code.replace(/[\s-]/g, '').toUpperCase()}`);
}
