import { work } from '../server/src/kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../server/src/modules/accounts/sessions';
import { connect, type DbHandle } from '../server/src/db/connect';
import { now } from '../server/src/kernel/time';
import { credit } from '../server/src/modules/wallet/ledger';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { type RunningStore, startStore } from './harness/server';

/**
 * Two real server processes on two ports, one PostgreSQL database: concurrent orders, cancels and
 * operator approvals sent to both must leave a ledger that adds up, with nothing lost, nothing
 * counted twice and no balance below zero. The instances share only the database, APP_KEY and
 * the upload store (a shared directory here, the S3 bucket in production).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  process.stderr.write('\nscale-out test SKIPPED: TEST_DATABASE_URL is not set (CI sets it); it needs PostgreSQL.\n\n');

const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';
const CUSTOMERS = 12;
const dbName = `raseed_scale_${process.pid}_${randomBytes(3).toString('hex')}`;

let stores: RunningStore[] = [];
let h: DbHandle;
let shared: string;

function crcTable(): number[] {
  return Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
}
const table = crcTable();
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const b of body) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}
function receipt(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(48, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.concat(
    Array.from({ length: 48 }, (_, y) =>
      Buffer.from([0, ...Array.from({ length: 64 }, () => [y * 5, 120, 200]).flat()]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function makeUser(role: 'customer' | 'operator', balance: number): Promise<{ id: number; token: string }> {
  const t = now();
  const { id } = await h.db
    .insertInto('users')
    .values({
      email: `scale-${randomBytes(5).toString('hex')}@test.local`,
      name: 'زبون التوسع',
      phone: '+963911111111',
      img: null,
      password_hash: null,
      role,
      balance: 0,
      deposit: 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled: role === 'operator' ? 1 : 0,
      totp_last_step: 0,
      google_subject: null,
      // An operator of no storefront is the provider's; one with a storefront is that storefront's staff.
      storefront_id: role === 'operator' ? null : 1,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (balance) await work(h.db, (trx) => credit(trx, id, balance, 'رصيد اختبار', { type: 'adjust', id: null }));
  return { id, token: await createSession(h.db, id, { ttlDays: 1 }) };
}

const call = (i: number, method: string, url: string, token: string, body?: unknown) =>
  fetch(stores[i % stores.length]!.baseUrl + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
  });

describe.skipIf(!adminUrl)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    shared = mkdtempSync(path.join(tmpdir(), 'raseed-scale-'));
    const env = { DATABASE_URL: url.toString(), APP_KEY: randomBytes(32).toString('hex'), DATA_DIR: shared };
    // The first instance migrates and seeds the demo catalog; the second finds it done.
    stores = [await startStore(env)];
    stores.push(await startStore(env));
    h = await connect({ databaseUrl: url.toString(), dataDir: shared });
  });

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.stop()));
    await h?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  it('keeps every balance and order exact under concurrent orders, cancels and approvals on both', async () => {
    const product = await h.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('available', '=', 1)
      .where('type', '=', 'id')
      .where('free', '=', 0)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    const bank = await h.db.selectFrom('banks').select('id').executeTakeFirstOrThrow();
    const operator = await makeUser('operator', 0);
    // Each customer can pay for 3 orders and tries 5: exactly 3 must go through per customer.
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, () => makeUser('customer', product.price * 3)),
    );

    const orderReplies = await Promise.all(
      customers.flatMap((c, ci) =>
        Array.from({ length: 5 }, (_, k) =>
          call(ci + k, 'POST', `${API}/orders-create-fixed`, c.token, { productId: product.id, playerId: '987654321' }),
        ),
      ),
    );
    const statuses = orderReplies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CUSTOMERS * 3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(CUSTOMERS * 2);

    // Every customer cancels their first order on both instances at once: one refund each.
    const orders = await h.db.selectFrom('orders').select(['id', 'user_id']).orderBy('id').execute();
    const firsts = customers.map((c) => orders.find((o) => o.user_id === c.id)!);
    const cancels = await Promise.all(
      firsts.flatMap((o, i) =>
        [0, 1].map((inst) => call(inst, 'POST', `${API}/orders/${o.id}/cancel`, customers[i]!.token)),
      ),
    );
    expect(cancels.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(CUSTOMERS);

    // Every customer asks for a top-up of 10; the operator approves each on both instances at once.
    const asked = await Promise.all(
      customers.map((c, i) => {
        const form = new FormData();
        form.set('amount', '10');
        form.set('bank_id', String(bank.id));
        form.set('img', new Blob([new Uint8Array(receipt())], { type: 'image/png' }), 'receipt.png');
        return call(i, 'POST', `${API}/banks`, c.token, form);
      }),
    );
    for (const r of asked) expect(r.status, await r.clone().text()).toBe(200);
    const charges = await h.db.selectFrom('charges').select('id').where('status', '=', 'pending').execute();
    expect(charges).toHaveLength(CUSTOMERS);
    const approvals = await Promise.all(
      charges.flatMap((c) =>
        [0, 1].map((inst) => call(inst, 'POST', `${ADMIN}/charges/${c.id}/approve`, operator.token, {})),
      ),
    );
    expect(approvals.filter((r) => r.status === 200).length, await approvals[0]!.clone().text()).toBe(CUSTOMERS);
    expect(approvals.filter((r) => r.status === 409)).toHaveLength(CUSTOMERS);

    const report = await verifyLedger(h.db);
    expect(report.drifts).toEqual([]);
    expect(report.refundIssues).toEqual([]);
    expect(report.ok).toBe(true);
    const users = await h.db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        customers.map((c) => c.id),
      )
      .execute();
    for (const u of users) expect(u.balance).toBeGreaterThanOrEqual(0);
    // Per customer: 3 paid, one refunded, 10 topped up.
    const refunds = await h.db
      .selectFrom('orders')
      .select(['user_id', 'status'])
      .where('status', '=', 'cancel')
      .execute();
    for (const u of users) {
      const refunded = refunds.filter((o) => o.user_id === u.id).length;
      expect(refunded).toBe(1);
      expect(u.balance).toBe(product.price * refunded + 10_000_000);
    }
  });
  it('never sells one stock code twice, with buyers on both instances at once', async () => {
    const operator = await makeUser('operator', 0);
    const dep = await h.db.selectFrom('departments').select('id').executeTakeFirstOrThrow();
    const created = await call(0, 'POST', `${ADMIN}/products`, operator.token, {
      department_id: dep.id,
      name: 'بطاقة للتوسع',
      price: '1.00',
      type: 'code',
      delivery: 'stock',
    });
    expect(created.status).toBe(201);
    const productId = ((await created.json()) as any).data.product.id;
    const codes = Array.from({ length: 10 }, (_, i) => `SCALE-CODE-${i}`);
    expect((await call(1, 'POST', `${ADMIN}/products/${productId}/codes`, operator.token, { codes })).status).toBe(200);
    const buyers = await Promise.all(Array.from({ length: 40 }, () => makeUser('customer', 2_000_000)));
    const replies = await Promise.all(
      buyers.map((b, i) => call(i, 'POST', `${API}/orders-create-code`, b.token, { product_id: productId })),
    );
    const bodies = (await Promise.all(replies.map((r) => r.json()))) as any[];
    const sold = bodies.filter((_, i) => replies[i]!.status === 201).map((b) => b.data.order.codes[0]);
    expect(sold).toHaveLength(10);
    expect([...sold].sort()).toEqual(codes);
    expect(replies.filter((r) => r.status === 422)).toHaveLength(30);
    const users = await h.db
      .selectFrom('users')
      .select('balance')
      .where(
        'id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    expect(users.filter((u) => u.balance === 1_000_000)).toHaveLength(10);
    expect(users.filter((u) => u.balance === 2_000_000)).toHaveLength(30);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });
});
