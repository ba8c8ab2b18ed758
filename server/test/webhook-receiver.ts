import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reseller's webhook receiver on loopback, for tests. It checks every request the way the
 * Standard Webhooks 1.0 spec says a receiver must, with its own code (never the store's signer):
 * the key is the base64-decoded part of `whsec_…`, the signed content `{webhook-id}.{webhook-timestamp}.{body}`,
 * each `v1,<base64 HMAC-SHA256>` of the space-separated `webhook-signature` compared in constant time.
 * It answers with the statuses queued in `answers` (200 once they run out).
 */
export type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; livemode: boolean; data: Record<string, any> };
};

/** Which of `secrets` signed the request: one entry per secret, true when one of its signatures holds. */
export function verifiedBy(secrets: string[], r: Pick<Received, 'headers' | 'body'>): boolean[] {
  const id = String(r.headers['webhook-id'] ?? '');
  const timestamp = String(r.headers['webhook-timestamp'] ?? '');
  const signatures = String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  return secrets.map((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest();
    return signatures.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
  });
}

/** The spec's tolerance: a timestamp more than 5 minutes from now is refused (replays). */
export function timestampFresh(r: Pick<Received, 'headers'>): boolean {
  const ts = Number(r.headers['webhook-timestamp']);
  return Number.isInteger(ts) && Math.abs(Date.now() / 1000 - ts) <= 300;
}

/** Listens on `port` (0: any free one), e.g. a port a store was told about while nothing listened there. */
export async function startReceiver(listenOn = 0) {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { type: '', timestamp: '', livemode: false, data: {} };
      }
      received.push({ path: req.url ?? '', headers: req.headers, body, json });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** A URL on this receiver; `path` tells endpoints apart. */
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    /** What arrived at one path, in order. */
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
