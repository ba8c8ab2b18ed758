import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { keyIdOf, sealedKeyId } from '../src/kernel/crypto';
import { createSealer } from '../src/kernel/sealing';
import { sealV1 as sealKeyless } from './sealed-v1';

// The sealer is the one holder of the app key. Every secret it seals names the key that sealed
// it, so the key ring can tell which key opens which secret; secrets sealed before the key id
// existed (`v1`) still open.
const key = randomBytes(32);
const sealer = createSealer(key);

const sealV1 = (plain: string) => sealKeyless(key, plain);

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

describe('the key ring', () => {
  const next = randomBytes(32);
  const ring = createSealer({ current: next, previous: [key], mac: key });

  it('seals under the current key and opens what the previous one sealed, v1 included', () => {
    expect(ring.keyId).toBe(keyIdOf(next));
    expect(ring.keyIds).toEqual([keyIdOf(next), keyIdOf(key)]);
    expect(sealedKeyId(ring.seal('new'))).toBe(keyIdOf(next));
    expect(ring.open(sealer.seal('old'))).toBe('old');
    expect(ring.open(sealV1('older'))).toBe('older');
  });

  it('reseals what another key of the ring sealed, and leaves what the current key sealed as it is', () => {
    const old = sealer.seal('كود');
    const moved = ring.reseal(old);
    expect(sealedKeyId(moved)).toBe(ring.keyId);
    expect(createSealer({ current: next, previous: [], mac: key }).open(moved)).toBe('كود');
    expect(ring.reseal(moved)).toBe(moved);
    expect(sealedKeyId(ring.reseal(sealV1('v1')))).toBe(ring.keyId);
    expect(() => ring.reseal(createSealer(randomBytes(32)).seal('gone'))).toThrow('sealed with another key');
  });

  it('makes MACs and derived keys with the MAC key, whatever key seals', () => {
    expect(ring.macKeyId).toBe(sealer.keyId);
    expect(ring.mac('backup:ABCD')).toBe(sealer.mac('backup:ABCD'));
    expect(ring.derive('purpose')).toEqual(sealer.derive('purpose'));
  });

  it('is read from APP_KEY, APP_KEY_PREVIOUS and HMAC_KEY, and refuses previous keys without HMAC_KEY', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raseed-ring-'));
    const [a, b, c] = [randomBytes(32), randomBytes(32), randomBytes(32)].map((k) => k.toString('hex'));
    const env = { DATA_DIR: dir, APP_KEY: c!, APP_KEY_PREVIOUS: `${b}, ${a}` };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/HMAC_KEY/);
    const config = loadConfig({ ...env, HMAC_KEY: a! });
    expect(config.sealer.keyIds).toEqual([c, b, a].map((k) => keyIdOf(Buffer.from(k!, 'hex'))));
    expect(config.sealer.macKeyId).toBe(keyIdOf(Buffer.from(a!, 'hex')));
    expect(() => loadConfig({ ...env, HMAC_KEY: a!, APP_KEY_PREVIOUS: `${b},nothex` })).toThrow(/APP_KEY_PREVIOUS/);
    expect(loadConfig({ DATA_DIR: dir, APP_KEY: c! }).sealer.macKeyId).toBe(keyIdOf(Buffer.from(c!, 'hex')));
  });
});
