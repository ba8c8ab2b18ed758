import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createECDH } from 'node:crypto';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The store's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated
 * once into DATA_DIR/vapid.json (mode 600), like the app key. Browsers tie a subscription to the
 * public key, so a new key pair silently orphans every subscription: several instances must share it.
 */
export function loadVapidKeys(opts: {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject: string;
  dataDir: string;
}): VapidKeys {
  if (opts.publicKey || opts.privateKey) {
    // Refuse to boot on half a pair or a malformed key rather than fail every push later.
    const pub = Buffer.from(opts.publicKey ?? '', 'base64url');
    const priv = Buffer.from(opts.privateKey ?? '', 'base64url');
    if (pub.length !== 65 || pub[0] !== 4 || priv.length !== 32) {
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, as base64url ' +
          'P-256 keys (npx web-push generate-vapid-keys)',
      );
    }
    return { publicKey: opts.publicKey!, privateKey: opts.privateKey!, subject: opts.subject };
  }
  const file = path.join(opts.dataDir, 'vapid.json');
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    // A pair saved before the padding above may hold a 31-byte private key; it is the same key.
    const privateKey = fullPrivateKey(Buffer.from(saved.privateKey, 'base64url')).toString('base64url');
    return { ...saved, privateKey, subject: opts.subject };
  } catch {
    mkdirSync(opts.dataDir, { recursive: true });
    const keys = newVapidKeys();
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    return { ...keys, subject: opts.subject };
  }
}

/**
 * A P-256 key pair in the form web-push's generateVAPIDKeys gives (base64url, public key
 * uncompressed, private key 32 bytes). `getPrivateKey` drops leading zero bytes, so one key in 256
 * came out 31 bytes long, which web-push and VAPID_PRIVATE_KEY both refuse: padded back to 32.
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: fullPrivateKey(ecdh.getPrivateKey()).toString('base64url'),
  };
}

const fullPrivateKey = (bytes: Buffer): Buffer =>
  bytes.length >= 32 ? bytes : Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]);
