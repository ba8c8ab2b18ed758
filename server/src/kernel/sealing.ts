import { decrypt, encrypt, hmac } from './crypto';

/**
 * Everything the store seals with its app key: secrets kept at rest (codes, TOTP secrets, account
 * passwords, supplier credentials) and the HMACs that stand for a value without holding it
 * (backup codes, code duplicates, challenge ids, signed links, supplier idempotency keys). Made
 * once per app (`app.sealer`); no other signature takes the key, so a key ring can replace it here.
 */
export type Sealer = {
  /** AES-256-GCM: `v1.<iv>.<tag>.<body>`. */
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
  return {
    seal: (plain) => encrypt(appKey, plain),
    open: (sealed) => decrypt(appKey, sealed),
    openOrNull(sealed) {
      if (!sealed) return null;
      try {
        return decrypt(appKey, sealed);
      } catch {
        return null;
      }
    },
    mac: (text) => hmac(appKey, text),
    derive: (purpose) => Buffer.from(hmac(appKey, purpose), 'base64url'),
  };
}
