import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in push service speaking the Web Push protocol on loopback, for tests. Each
 * `subscribe()` is a browser: it makes the user agent's P-256 key pair and auth secret (as
 * PushManager does) and an endpoint here. A POST to the endpoint must carry a VAPID
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) whose ES256 signature, audience and expiry
 * are checked, and an `aes128gcm` body (RFC 8188) that is decrypted with the subscription's keys
 * (RFC 8291). Accepted messages are kept in order; `respondWith` makes the next answers fail.
 */
export type ReceivedPush = {
  endpoint: string;
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  jwt: Record<string, unknown>;
  vapidKey: string;
};

type Sub = { id: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean };

const b64u = (b: Buffer) => b.toString('base64url');

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, len: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, len));
}

/** RFC 8291 §3.4 + RFC 8188: returns the plaintext, or throws. */
export function decryptAes128gcm(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLen = body[20]!;
  const asPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  if (idLen !== 65 || rs < 18) throw new Error('bad aes128gcm header');
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, ua.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record must end with delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: ES256 JWT signed by the key in `k`, audience this origin, expiring within 24 h. */
export function verifyVapid(
  header: string | undefined,
  origin: string,
  expectedKey?: string,
): { claims: Record<string, unknown>; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error('missing vapid authorization');
  const [, jwt, k] = m as unknown as [string, string, string];
  if (expectedKey && k !== expectedKey) throw new Error('not the application server key of the subscription');
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) throw new Error('malformed jwt');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error('jwt alg must be ES256');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('bad jwt signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`jwt aud ${claims.aud} is not ${origin}`);
  const nowS = Date.now() / 1000;
  if (!claims.exp || claims.exp < nowS || claims.exp > nowS + 24 * 3600 + 60) throw new Error('jwt exp out of range');
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('jwt sub must be mailto: or https:');
  return { claims, key: k };
}

export async function startPushService() {
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const failures: number[] = [];
  let waiters: (() => void)[] = [];
  let origin = '';
  let expectedKey: string | undefined;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.url?.replace(/^\/push\//, '') ?? '';
      const sub = subs.get(id);
      if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
      if (sub.gone) return void res.writeHead(410).end();
      const fail = failures.shift();
      if (fail) return void res.writeHead(fail).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding must be aes128gcm');
        const { claims, key } = verifyVapid(req.headers.authorization, origin, expectedKey);
        const payload = decryptAes128gcm(Buffer.concat(chunks), sub);
        received.push({
          endpoint: `${origin}/push/${id}`,
          payload,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          jwt: claims,
          vapidKey: key,
        });
        res.writeHead(201).end();
        const w = waiters;
        waiters = [];
        for (const f of w) f();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Messages the service refused (bad JWT, undecryptable body). */
    errors,
    /** Only accept pushes signed with this VAPID public key (the one the browser subscribed with). */
    expectKey(k: string) {
      expectedKey = k;
    },
    /** A new browser subscription: what `PushSubscription.toJSON()` gives. */
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const sub: Sub = { id: b64u(randomBytes(12)), ecdh, auth: randomBytes(16), gone: false };
      subs.set(sub.id, sub);
      return {
        id: sub.id,
        json: {
          endpoint: `${origin}/push/${sub.id}`,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(sub.auth) },
        },
      };
    },
    /** The browser unsubscribed: the endpoint answers 410 Gone from now on. */
    expire(id: string) {
      subs.get(id)!.gone = true;
    },
    /** The next answers are these statuses (e.g. 503, 429) instead of accepting. */
    failNext(...statuses: number[]) {
      failures.push(...statuses);
    },
    async waitFor(n: number, timeoutMs = 10_000): Promise<ReceivedPush[]> {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`expected ${n} pushes, got ${received.length}; errors: ${errors.join('; ')}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, Math.min(left, 200));
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
