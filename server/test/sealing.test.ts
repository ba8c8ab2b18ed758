import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealedKeyId } from '../src/kernel/crypto';
import { createSealer } from '../src/kernel/sealing';

// The sealer is the one holder of the app key. Every secret it seals names the key that sealed
// it, so a later key ring can tell which key opens which secret; secrets sealed before the key id
// existed (`v1`) still open.
const key = randomBytes(32);
const sealer = createSealer(key);

/** A secret as the store sealed it before key ids: `v1.<iv>.<tag>.<body>`. */
function sealV1(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('sealing', () => {
  it('names its key in every ciphertext and opens what it sealed', () => {
    const sealed = sealer.seal('كود-123');
    expect(sealed.startsWith(`v2.${sealer.keyId}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(sealer.keyId);
    expect(sealer.open(sealed)).toBe('كود-123');
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('gives each key its own id, stable for the key', () => {
    expect(createSealer(Buffer.from(key)).keyId).toBe(sealer.keyId);
    expect(createSealer(randomBytes(32)).keyId).not.toBe(sealer.keyId);
    expect(sealer.keyId).toMatch(/^[\w-]{8}$/);
  });

  it('still opens secrets sealed before key ids', () => {
    const old = sealV1('secret from before');
    expect(sealedKeyId(old)).toBeNull();
    expect(sealer.open(old)).toBe('secret from before');
  });

  it('refuses a secret another key sealed, or one that was tampered with', () => {
    const other = createSealer(randomBytes(32)).seal('not ours');
    expect(() => sealer.open(other)).toThrow('sealed with another key');
    expect(sealer.openOrNull(other)).toBeNull();
    const sealed = sealer.seal('mine');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('yours').toString('base64url');
    expect(sealer.openOrNull(parts.join('.'))).toBeNull();
    expect(sealer.openOrNull('v3.x.y.z')).toBeNull();
  });
});
