import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysCli } from '../../scripts/lib/build.mjs';
import { buildApp } from '../src/app';
import { openRuntime, type Runtime } from '../src/bootstrap';
import { sealedRowsAfter } from '../src/db/reseal-statements';
import { keyIdOf, sealedKeyId } from '../src/kernel/crypto';
import { createSealer, type Sealer } from '../src/kernel/sealing';
import { accountsSealedColumns } from '../src/modules/accounts';
import { createKey } from '../src/modules/api-keys/service';
import { codeHash, fulfilmentSealedColumns } from '../src/modules/fulfilment';
import { numbersSealedColumns } from '../src/modules/numbers';
import { ordersSealedColumns } from '../src/modules/orders';
import { verifyLedger } from '../src/modules/wallet/verify';
import { webhooksSealedColumns } from '../src/modules/webhooks';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN, makeCatalog, multipart, PUBLIC } from './operator-fixtures';
import { sealV1 } from './sealed-v1';
import { type SupplierStandIn, startSupplier } from './supplier-stand-in';

/**
 * The app key rotates while the store serves: a second instance holding the new key ring
 * (APP_KEY new, APP_KEY_PREVIOUS old, HMAC_KEY old) sells stock codes over HTTP in a loop while
 * the real `npm run keys -- rotate` reseals everything; then a third instance holding only the
 * new key (and the same HMAC key) reads every code and secret, and a supplier retry sends the
 * Idempotency-Key the first attempt sent.
 */
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const ringSealer = createSealer({ current: newKey, previous: [oldKey], mac: oldKey });
const newOnly = createSealer({ current: newKey, previous: [], mac: oldKey });
const hex = (k: Buffer) => k.toString('hex');

const SEALED = [
  ...fulfilmentSealedColumns,
  ...ordersSealedColumns,
  ...accountsSealedColumns,
  ...numbersSealedColumns,
  ...webhooksSealedColumns,
];

let t: TestApp;
let op: TestUser;
let departmentId: number;
let supplierStandIn: SupplierStandIn;
const instances: { app: FastifyInstance; runtime: Runtime }[] = [];

/** Another instance of the store on the same database, with its own connection and key ring. */
async function instance(sealer: Sealer, key: Buffer): Promise<FastifyInstance> {
  const config = { ...t.config, appKey: key, sealer };
  const runtime = await openRuntime(config, t.pgSchema ? { pgSchema: t.pgSchema } : {});
  const app = await buildApp({
    config,
    db: runtime.db,
    engine: runtime.engine,
    storage: runtime.storage,
    logger: false,
  });
  await app.ready();
  instances.push({ app, runtime });
  return app;
}

/** Every sealed value of every declared column, opened with `sealer` (throws when it cannot), and the key ids named. */
async function openAll(sealer: Sealer) {
  const plain = new Map<string, string>();
  const keyIds = new Set<string | null>();
  const columns = new Set<string>();
  for (const spec of SEALED) {
    let afterId = 0;
    for (;;) {
      const rows = await sealedRowsAfter(t.db, spec.table, spec.columns, afterId, 500);
      if (!rows.length) break;
      afterId = rows[rows.length - 1]!.id;
      for (const row of rows) {
        for (const column of spec.columns) {
          const value = row.values[column];
          if (!value) continue;
          columns.add(`${spec.table}.${column}`);
          const sealed = value.startsWith('[') ? (JSON.parse(value) as (string | null)[][]).flat() : [value];
          const opened = sealed
            .filter((s): s is string => s !== null)
            .map((s) => {
              keyIds.add(sealedKeyId(s));
              return sealer.open(s);
            });
          plain.set(`${spec.table}.${column}#${row.id}`, opened.join(' / '));
        }
      }
    }
  }
  return { plain, keyIds, columns };
}

/** Runs the compiled `npm run keys -- …` against this test's store with the given key environment. */
function keysCommand(args: string[], keys: Record<string, string>) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
  };
  delete env.APP_KEY_PREVIOUS;
  delete env.HMAC_KEY;
  Object.assign(env, keys);
  if (t.pgSchema) {
    env.DATABASE_URL = `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${t.pgSchema}`)}`;
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [keysCli, ...args], { env });
  let text = '';
  child.stdout.on('data', (d) => {
    text += d;
  });
  child.stderr.on('data', (d) => {
    text += d;
  });
  return new Promise<{ code: number | null; text: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, text })),
  );
}

async function product(fields: Record<string, unknown>): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: op.token,
    payload: { department_id: departmentId, name: 'بطاقة', price: '0.10', type: 'code', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id;
}

async function buyCode(app: FastifyInstance, customer: TestUser, productId: number) {
  const res = await app.inject({
    method: 'POST',
    url: `${PUBLIC}/orders-create-code`,
    headers: { authorization: `Bearer ${customer.token}` },
    payload: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order as { id: number; codes?: string[] };
}

let stockId: number;
let spareId: number;
let supplierProductId: number;
let forwarded: number[];
let firstKeys: string[];
let apiToken: string;

beforeAll(async () => {
  supplierStandIn = await startSupplier();
  t = await setupApp({ config: { appKey: oldKey }, env: { DELIVERY_BACKOFF_MS: '20', TRUST_PROXY: '1' } });
  op = await t.createUser({ role: 'operator' });
  departmentId = (await makeCatalog(t, op)).department.id;

  // Codes in stock, some with a serial, and one more product whose stock no one buys.
  stockId = await product({ delivery: 'stock', name: 'بطاقة للبيع' });
  const csv = Array.from({ length: 700 }, (_, i) => (i % 5 ? `CODE-${i}` : `CODE-${i},PIN-${i}`)).join('\n');
  const file = multipart({ file: { file: Buffer.from(csv), name: 'codes.csv', type: 'text/csv' } });
  const added = await t.request({
    method: 'POST',
    url: `${ADMIN}/products/${stockId}/codes`,
    token: op.token,
    ...file,
  });
  expect(added.statusCode, added.body).toBe(200);
  spareId = await product({ delivery: 'stock', name: 'بطاقة احتياط' });
  const spare = await t.request({
    method: 'POST',
    url: `${ADMIN}/products/${spareId}/codes`,
    token: op.token,
    payload: { codes: ['SPARE-1', 'SPARE-2'] },
  });
  expect(spare.statusCode, spare.body).toBe(200);
  // A code stocked before ciphertexts named their key, with a serial.
  await t.db
    .insertInto('product_codes')
    .values({
      product_id: spareId,
      code_enc: sealV1(oldKey, 'LEGACY-CODE'),
      code_hash: codeHash(t.config.sealer, spareId, 'LEGACY-CODE'),
      serial_enc: sealV1(oldKey, 'LEGACY-PIN'),
      expires_at: null,
      status: 'available',
      order_id: null,
      sold_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();

  // Orders that hold codes, one holding an account password, and a legacy order's codes.
  const buyer = await t.createUser({ balance: 10_000_000 });
  for (let i = 0; i < 5; i++) await buyCode(t.app, buyer, stockId);
  const held = await buyCode(t.app, buyer, stockId);
  await t.db
    .updateTable('orders')
    .set({ secret: t.config.sealer.seal('كلمة-سر-الحساب') })
    .where('id', '=', held.id)
    .execute();
  const legacy = await buyCode(t.app, buyer, stockId);
  await t.db
    .updateTable('orders')
    .set({ codes_enc: sealV1(oldKey, JSON.stringify(['LEGACY-ORDER-CODE'])) })
    .where('id', '=', legacy.id)
    .execute();

  // A customer's pending TOTP secret, a numbers provider, a webhook endpoint mid-rotation, an API key.
  await t.db
    .updateTable('users')
    .set({ totp_pending_secret: t.config.sealer.seal('KRSXG5CTMVRXEZLU') })
    .where('id', '=', buyer.id)
    .execute();
  const at = new Date().toISOString();
  await t.db
    .insertInto('number_providers')
    .values({
      name: 'مزود',
      base_url: 'http://127.0.0.1:9',
      api_key_enc: t.config.sealer.seal('numbers-api-key'),
      window_minutes: 20,
      synced_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.db
    .insertInto('webhook_endpoints')
    .values({
      user_id: buyer.id,
      url: 'https://example.com/hook',
      events: '["order.updated"]',
      secret_enc: t.config.sealer.seal('whsec_new'),
      previous_secret_enc: t.config.sealer.seal('whsec_old'),
      previous_secret_until: at,
      created_at: at,
    })
    .execute();
  await t.db.updateTable('users').set({ api_access: 1 }).where('id', '=', buyer.id).execute();
  apiToken = (await createKey(t.db, t.config.sealer, buyer.id, { name: 'متجري', mode: 'live' })).token;

  // A supplier with both credentials, and two forwarded orders whose first attempt fails: one
  // with the key stored at placement, one made to look like a row from before keys were stored.
  const supplier = await t.request({
    method: 'POST',
    url: `${ADMIN}/suppliers`,
    token: op.token,
    payload: {
      name: 'مورد',
      kind: 'raseed',
      base_url: supplierStandIn.url,
      email: 'a@b.c',
      password: 'pw-123456',
      token: 'tok',
    },
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierProductId = await product({
    delivery: 'supplier',
    supplier_id: supplier.json().data.supplier.id,
    supplier_product_id: '7',
    name: 'بطاقة من المورد',
  });
  forwarded = [
    (await buyCode(t.app, buyer, supplierProductId)).id,
    (await buyCode(t.app, buyer, supplierProductId)).id,
  ];
  await t.db.updateTable('order_outbox').set({ idempotency_key: null }).where('order_id', '=', forwarded[1]!).execute();
  await t.app.forwarder.runDue();
  firstKeys = [...supplierStandIn.keys];
}, 60_000);

afterAll(async () => {
  for (const i of instances) {
    await i.app.close();
    await i.runtime.close();
  }
  await t?.close();
  supplierStandIn?.server.close();
});

describe(`app key rotation while the store serves (${testEngine})`, () => {
  it('reseals every code and secret under load; they open with the new key alone, MACs and ledger hold', async () => {
    expect(firstKeys).toHaveLength(2);
    expect(firstKeys[0]).toMatch(/^rsd-[\w-]{40}$/);
    const before = await openAll(ringSealer);
    // Every declared sealed column holds something here, so no column is checked vacuously.
    expect([...before.columns].sort()).toEqual(SEALED.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)).sort());
    expect(before.keyIds).toEqual(new Set([keyIdOf(oldKey), null]));

    // The instances restart with the ring; one serves customers over HTTP while the command runs.
    const serving = await instance(ringSealer, newKey);
    await serving.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(serving.server.address() as AddressInfo).port}`;
    const customers = await Promise.all(Array.from({ length: 8 }, () => t.createUser({ balance: 50_000_000 })));
    const ring = { APP_KEY: hex(newKey), APP_KEY_PREVIOUS: hex(oldKey), HMAC_KEY: hex(oldKey) };
    const rotation = keysCommand(['rotate', '--batch', '25', '--pause-ms', '15'], ring);
    let rotating = true;
    void rotation.then(() => {
      rotating = false;
    });
    const acknowledged: number[] = [];
    const failures: string[] = [];
    await Promise.all(
      customers.map(async (c, i) => {
        // Within the limit of 60 orders a minute per account, each from an address of its own
        // (TRUST_PROXY: as if behind the proxy), so the limit per address is not the one met.
        for (let n = 0; rotating && n < 55; n++) {
          const res = await fetch(`${base}${PUBLIC}/orders-create-code`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${c.token}`,
              'content-type': 'application/json',
              'x-forwarded-for': `10.0.0.${i + 1}`,
            },
            body: JSON.stringify({ product_id: stockId }),
          });
          const body = (await res.json()) as { data?: { order?: { id: number; codes?: string[] } } };
          if (res.status !== 201 || !body.data?.order?.codes?.length)
            failures.push(`${res.status} ${JSON.stringify(body)}`);
          else acknowledged.push(body.data.order.id);
          await new Promise((r) => setTimeout(r, 10));
        }
      }),
    );
    const rotated = await rotation;
    expect(rotated.text).toContain('OK: every secret and code is sealed under');
    expect(rotated.code).toBe(0);
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(rotated.text).toMatch(
      /product_codes \(code_enc, serial_enc\): \d+ rows, \d+ under another key, [1-9]\d* resealed/,
    );
    expect(rotated.text).toContain('stored the idempotency keys of 1 forwarded orders');

    // Nothing is left under the old key: the new key alone opens every value, each as it was.
    const status = await keysCommand(['status'], { APP_KEY: hex(newKey), HMAC_KEY: hex(oldKey) });
    expect(status.text).toContain('OK: every secret and code is sealed under');
    expect(status.code).toBe(0);
    const after = await openAll(newOnly);
    expect(after.keyIds).toEqual(new Set([keyIdOf(newKey)]));
    for (const [where, plain] of before.plain) expect(after.plain.get(where), where).toBe(plain);
    expect([...after.plain.values()]).toEqual(
      expect.arrayContaining(['LEGACY-CODE', 'LEGACY-PIN', '["LEGACY-ORDER-CODE"]', 'كلمة-سر-الحساب', 'whsec_old']),
    );
    const sold = await t.db.selectFrom('orders').select('id').where('id', 'in', acknowledged).execute();
    expect(sold).toHaveLength(acknowledged.length);
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // An instance with the new key alone serves: codes show, MACs made before still match.
    const fresh = await instance(newOnly, newKey);
    const customer = customers[0]!;
    const own = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const mine = await fresh.inject({
      method: 'GET',
      url: `${PUBLIC}/orders/${own.id}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(mine.json().data.order.codes[0]).toMatch(/^CODE-\d+( \/ PIN-\d+)?$/);
    const me = await fresh.inject({
      method: 'GET',
      url: `${PUBLIC}/me`,
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    const again = await fresh.inject({
      method: 'POST',
      url: `${ADMIN}/products/${spareId}/codes`,
      headers: { authorization: `Bearer ${op.token}` },
      payload: { codes: ['SPARE-1', 'LEGACY-CODE', 'SPARE-3'] },
    });
    expect(again.json().data).toMatchObject({ added: 1, duplicates: 2 });

    // The supplier's retry sends the key the first attempt sent, for both rows.
    await new Promise((r) => setTimeout(r, 50));
    await fresh.forwarder.runDue();
    expect(supplierStandIn.keys.slice(2).sort()).toEqual([...firstKeys].sort());
    const outcomes = await t.db.selectFrom('orders').select('status').where('id', 'in', forwarded).execute();
    expect(outcomes.map((o) => o.status)).toEqual(['success', 'success']);
  }, 120_000);

  it('refuses to start, or to rotate, with another HMAC key than the one the stored MACs were made with', async () => {
    const dropped = createSealer(newKey);
    await expect(
      openRuntime({ ...t.config, appKey: newKey, sealer: dropped }, t.pgSchema ? { pgSchema: t.pgSchema } : {}),
    ).rejects.toThrow(`made with the key whose id is ${keyIdOf(oldKey)}`);
    const rotate = await keysCommand(['rotate'], { APP_KEY: hex(newKey) });
    expect(rotate.text).toContain('Set HMAC_KEY to the app key the store had before its first rotation');
    expect(rotate.code).toBe(2);
    const unset = await keysCommand(['status'], { APP_KEY: hex(newKey), APP_KEY_PREVIOUS: hex(oldKey) });
    expect(unset.text).toContain('APP_KEY_PREVIOUS is set without HMAC_KEY');
    expect(unset.code).toBe(2);
  });

  it('counts a value no key of the ring opens as unreadable, leaves it, and says it is not done', async () => {
    const lost = createSealer({ current: randomBytes(32), previous: [], mac: oldKey }).seal('sealed under a lost key');
    const row = await t.db
      .insertInto('product_codes')
      .values({
        product_id: spareId,
        code_enc: lost,
        code_hash: 'lost-key-code',
        serial_enc: null,
        expires_at: null,
        status: 'available',
        order_id: null,
        sold_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rotate = await keysCommand(['rotate', '--batch', '1000'], { APP_KEY: hex(newKey), HMAC_KEY: hex(oldKey) });
    expect(rotate.text).toMatch(
      /product_codes \(code_enc, serial_enc\): \d+ rows, 0 under another key, 0 resealed, 1 unreadable/,
    );
    expect(rotate.text).toContain('NOT DONE: 0 values under another key, 1 that no key of the ring opens');
    expect(rotate.code).toBe(1);
    const kept = await t.db
      .selectFrom('product_codes')
      .select('code_enc')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(kept.code_enc).toBe(lost);
  });
});
