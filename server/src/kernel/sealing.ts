import { decrypt, encrypt, hmac, keyIdOf } from './crypto';

/**
 * Everything the store seals with its app key: secrets kept at rest (codes, TOTP secrets, account
 * passwords, supplier credentials) and the HMACs that stand for a value without holding it
 * (backup codes, code duplicates, challenge ids, signed links, supplier idempotency keys). Made
 * once per app (`app.sealer`); no other signature takes the key, so a key ring can replace it here.
 */
export type Sealer = {
  /** Which key seals: every ciphertext names it (`v2.<keyId>.…`), so keys can rotate. */
  keyId: string;
  /** AES-256-GCM: `v2.<keyId>.<iv>.<tag>.<body>`; `open` also reads the older `v1` form. */
  seal(plain: string): string;
  open(sealed: string): string;
  /** A secret that no longer opens (the key changed) reads as missing rather than failing a whole list. */
  openOrNull(sealed: string | null): string | null;
  /** HMAC-SHA-256 of `text`, base64url: a stable stand-in for a value. */
  mac(text: string): string;
  /** A key of its own for one purpose (signed links), derived from the app key. */
  derive(purpose: string): Buffer;
};

export function createSealer(appKey: Buffer): Sealer {
  const keyId = keyIdOf(appKey);
  return {
    keyId,
    seal: (plain) => encrypt(appKey, plain, keyId),
    open: (sealed) => decrypt(appKey, sealed, keyId),
    openOrNull(sealed) {
      if (!sealed) return null;
      try {
        return decrypt(appKey, sealed, keyId);
      } catch {
        return null;
      }
    },
    mac: (text) => hmac(appKey, text),
    derive: (purpose) => Buffer.from(hmac(appKey, purpose), 'base64url'),
  };
}
