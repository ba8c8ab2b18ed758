import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { chargeCount, firstBankId, makePng, pngReceipt, uploadCharge } from './topup-fixtures';

/**
 * A stand-in for an S3-compatible bucket, speaking the S3 REST protocol for PutObject,
 * GetObject and DeleteObject (path-style), so the real SDK code path runs without a network.
 * It refuses requests that are not SigV4-signed with the configured key, as S3 would.
 */
type StoredObject = { body: Buffer; contentType: string };
const objects = new Map<string, StoredObject>();
const requests: string[] = [];
let server: Server;

function noSuchKey(key: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The ` +
    `specified key does not exist.</Message><Key>${key}</Key></Error>`
  );
}

function startBucket(): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://bucket');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${req.method} ${bucket}/${key}`);
      if (
        !String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=test-key/') ||
        bucket !== 'raseed-test'
      ) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) res.writeHead(404, { 'content-type': 'application/xml' }).end(noSuchKey(key));
        else res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

let t: TestApp;
let customer: TestUser;
let bankId: number;

beforeAll(async () => {
  const endpoint = await startBucket();
  t = await setupApp({
    seed: true,
    env: {
      S3_BUCKET: 'raseed-test',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: '1',
    },
  });
  customer = await t.createUser();
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

const receiptKeys = () => [...objects.keys()].filter((k) => k.startsWith('receipts/'));

describe('uploads in an S3-compatible bucket', () => {
  it('keeps the seeded public images in the bucket and serves them at /media', async () => {
    expect(objects.get('public/demo/logo.svg')?.contentType).toBe('image/svg+xml');
    const res = await t.request({ method: 'GET', url: '/media/demo/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('stores an accepted receipt in the bucket and serves it through the signed link', async () => {
    const png = makePng(10, 10, [9, 99, 199]);
    expect(
      (await uploadCharge(t, customer.token, { amount: '15', bank_id: bankId, file: pngReceipt(png) })).statusCode,
    ).toBe(200);
    const [key] = receiptKeys();
    expect(key).toMatch(/^receipts\/[a-f0-9]{32}\.png$/);
    expect(objects.get(key!)).toEqual({ body: png, contentType: 'image/png' });

    const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: customer.token });
    const res = await t.request({ method: 'GET', url: list.json().data.charges[0].img });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('leaves no object behind for a refused upload', async () => {
    const [before, rows] = [receiptKeys(), await chargeCount(t)];
    const res = await uploadCharge(t, customer.token, {
      amount: '15',
      bank_id: bankId,
      file: { filename: 'x.png', type: 'image/png', body: Buffer.from('not an image') },
    });
    expect(res.statusCode).toBe(422);
    expect(receiptKeys()).toEqual(before);
    expect(await chargeCount(t)).toBe(rows);
  });

  it('reads a missing object as absent and deletes objects', async () => {
    expect(await t.storage.get('receipts/none.png')).toBeNull();
    await t.storage.put('receipts/tmp.png', Buffer.from('x'), 'image/png');
    expect(objects.has('receipts/tmp.png')).toBe(true);
    await t.storage.delete('receipts/tmp.png');
    expect(objects.has('receipts/tmp.png')).toBe(false);
    expect(requests).toContain('DELETE raseed-test/receipts/tmp.png');
  });

  it('refuses a key that climbs out of the key space before calling the bucket', async () => {
    const count = requests.length;
    await expect(t.storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
    expect(requests.length).toBe(count);
  });
});
