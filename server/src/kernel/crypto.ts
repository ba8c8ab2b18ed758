import { createCipheriv, createDecipheriv, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Tokens are stored only as this hash: a leaked table yields no usable session. The one-shot
 * `hash` skips the Hash object createHash builds, on every signed-in request.
 */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

export function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Names a key without revealing it: the first 8 characters of its HMAC of a fixed label. */
export function keyIdOf(key: Buffer): string {
  return hmac(key, 'raseed sealing key id').slice(0, 8);
}

/**
 * AES-256-GCM for secrets kept at rest; the store reaches it only through its sealer
 * (sealing.ts). `v2.<key id>.<iv>.<tag>.<body>`: the key id says which key sealed it, so a key
 * ring can open old secrets after the key rotates. `v1` (no key id) was written before; it opens
 * with the one key there was.
 */
export function encrypt(key: Buffer, plain: string, keyId = keyIdOf(key)): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v2',
    keyId,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The key id a secret names (`v2`), or null for a `v1` secret, which names none. */
export function sealedKeyId(sealed: string): string | null {
  return sealed.startsWith('v2.') ? sealed.slice(3, sealed.indexOf('.', 3)) : null;
}

export function decrypt(key: Buffer, sealed: string, keyId = keyIdOf(key)): string {
  const parts = sealed.split('.');
  const version = parts[0];
  if (version === 'v2' && parts[1] !== keyId) throw new Error('sealed with another key');
  const [iv, tag, body] = version === 'v2' ? parts.slice(2) : version === 'v1' ? parts.slice(1) : [];
  if (!iv || !tag || body === undefined || parts.length !== (version === 'v2' ? 5 : 4))
    throw new Error('unreadable secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
