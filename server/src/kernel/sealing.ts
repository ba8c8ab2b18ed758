import { decrypt, encrypt, hmac, keyIdOf, sealedKeyId } from './crypto';

/**
 * The keys the store holds. `current` seals; `previous` only open what older keys sealed, until
 * `npm run keys -- rotate` has sealed it again under `current`. `mac` makes every HMAC and
 * derived key and never rotates: what it made (API-key hashes, backup codes, code duplicates)
 * cannot be made again without the values it stands for (docs/security.md#the-app-key).
 */
export type KeyRing = { current: Buffer; previous: Buffer[]; mac: Buffer };

/**
 * Everything the store seals with its app key: secrets kept at rest (codes, TOTP secrets, account
 * passwords, supplier credentials) and the HMACs that stand for a value without holding it
 * (backup codes, code duplicates, challenge ids, signed links). Made once per app
 * (`app.sealer`); no other signature takes a key.
 */
export type Sealer = {
  /** Which key seals: every ciphertext names it (`v2.<keyId>.…`), so keys can rotate. */
  keyId: string;
  /** The ids of every key that opens: the current one first, then the previous ones. */
  keyIds: string[];
  /** The id of the MAC key, to tell whether it is the one the stored MACs were made with. */
  macKeyId: string;
  /** AES-256-GCM: `v2.<keyId>.<iv>.<tag>.<body>`; `open` also reads the older `v1` form. */
  seal(plain: string): string;
  open(sealed: string): string;
  /** A secret that no longer opens (the key changed) reads as missing rather than failing a whole list. */
  openOrNull(sealed: string | null): string | null;
  /** The same secret sealed under the current key; itself when it already is (throws when no key opens it). */
  reseal(sealed: string): string;
  /** HMAC-SHA-256 of `text`, base64url: a stable stand-in for a value. */
  mac(text: string): string;
  /** A key of its own for one purpose (signed links, API-key hashes), derived from the MAC key. */
  derive(purpose: string): Buffer;
};

/** One key is a ring of one: it seals, opens and MACs (a store that never rotated). */
export function createSealer(keys: KeyRing | Buffer): Sealer {
  const ring = Buffer.isBuffer(keys) ? { current: keys, previous: [], mac: keys } : keys;
  const keyId = keyIdOf(ring.current);
  const openers = new Map([ring.current, ...ring.previous].map((k) => [keyIdOf(k), k] as const));
  const open = (sealed: string): string => {
    const id = sealedKeyId(sealed);
    if (id !== null) {
      const key = openers.get(id);
      if (!key) throw new Error('sealed with another key');
      return decrypt(key, sealed, id);
    }
    // `v1` names no key: it was sealed by the one key a store had then, which GCM's tag recognises.
    for (const key of openers.values()) {
      try {
        return decrypt(key, sealed);
      } catch {}
    }
    throw new Error('unreadable secret');
  };
  const seal = (plain: string) => encrypt(ring.current, plain, keyId);
  return {
    keyId,
    keyIds: [...openers.keys()],
    macKeyId: keyIdOf(ring.mac),
    seal,
    open,
    openOrNull(sealed) {
      if (!sealed) return null;
      try {
        return open(sealed);
      } catch {
        return null;
      }
    },
    reseal: (sealed) => (sealedKeyId(sealed) === keyId ? sealed : seal(open(sealed))),
    mac: (text) => hmac(ring.mac, text),
    derive: (purpose) => Buffer.from(hmac(ring.mac, purpose), 'base64url'),
  };
}
