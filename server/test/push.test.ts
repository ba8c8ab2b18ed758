import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeHash } from '../src/modules/fulfilment/stock-service';
import { insertCharge } from '../src/modules/topups/repository';
import { setupApp, type TestApp, type TestUser } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';
import { startPushService } from './push-service-stub';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let customer: TestUser;
let operator: TestUser;
let productId: number;

beforeAll(async () => {
  // The worker runs only when the test says (runDue), so each step is observable.
  t = await setupApp({ env: { PUSH_WORKER: '0', PUSH_BACKOFF_MS: '10' } });
  pushService = await startPushService();
  customer = await t.createUser({ balance: 100_000_000 });
  operator = await t.createUser({ role: 'operator' });
  // A new push endpoint needs the password confirmed on the session, as after a sign-in.
  await confirm(customer);
  productId = await makeProduct(t.db, 'فري فاير 100');
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('push_subscriptions').execute();
  pushService.received.length = 0;
  pushService.errors.length = 0;
});

async function confirm(user: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: '/public/api/v1/user/confirm-password',
    token: user.token,
    payload: { password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function subscribe(token: string) {
  const sub = pushService.subscribe();
  const res = await t.request({ method: 'POST', url: '/public/api/v1/push-subscription', token, payload: sub.json });
  expect(res.statusCode).toBe(200);
  return sub;
}

const outbox = () => t.db.selectFrom('push_outbox').selectAll().execute();
const payloads = () =>
  pushService.received.map((r) => JSON.parse(r.payload) as { title: string; body: string; url: string });

describe('web push', () => {
  it('serves the VAPID public key the browser subscribes with', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/push/key' });
    expect(res.json().data.public_key).toBe(t.app.vapid.publicKey);
    expect(Buffer.from(t.app.vapid.publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses a malformed subscription with an Arabic 422 and stores nothing', async () => {
    for (const payload of [
      { endpoint: 'http://evil.example/push', keys: pushService.subscribe().json.keys },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'x', auth: 'y' } },
      {},
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/public/api/v1/push-subscription',
        token: customer.token,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await t.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/public/api/v1/push-subscription',
          payload: pushService.subscribe().json,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('an accepted order sends an encrypted, VAPID-signed Arabic push that opens the order', async () => {
    await subscribe(customer.token);
    pushService.expectKey(t.app.vapid.publicKey);
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000, name: 'فري فاير 100' });
    const res = await t.request({
      method: 'POST',
      url: `/admin/api/v1/orders/${order.id}/accept`,
      token: operator.token,
      payload: { message: 'تم الشحن' },
    });
    expect(res.statusCode).toBe(200);
    expect(await outbox()).toHaveLength(1);
    await t.app.pushWorker.runDue();
    expect(pushService.errors).toEqual([]);
    const [got] = pushService.received;
    expect(got!.ttl).toBe('86400');
    expect(got!.jwt.aud).toBe(pushService.origin);
    expect(payloads()[0]).toEqual({
      title: 'تم قبول طلبك',
      body: `تم قبول طلبك #${order.id} (فري فاير 100).\nتم الشحن`,
      url: `/orders/${order.id}`,
    });
    expect(await outbox()).toHaveLength(0);
  });

  it('a code sold from stock pushes its delivered notice, which names the order and opens it', async () => {
    await subscribe(customer.token);
    const stocked = await makeProduct(t.db, 'بطاقة ستيم 5$');
    await t.db.updateTable('products').set({ delivery: 'stock' }).where('id', '=', stocked).execute();
    const key = t.app.sealer;
    await t.db
      .insertInto('product_codes')
      .values({
        product_id: stocked,
        code_enc: key.seal('STEAM-5-AAAA'),
        code_hash: codeHash(key, stocked, 'STEAM-5-AAAA'),
        serial_enc: key.seal('SN-0042'),
        expires_at: null,
        status: 'available',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await t.request({
      method: 'POST',
      url: '/public/api/v1/orders-create-fixed',
      token: customer.token,
      payload: { productId: stocked, playerId: '5123456789' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data;
    expect(order).toMatchObject({ status: 'success', codes: ['STEAM-5-AAAA / SN-0042'] });
    const body = `تم تسليم طلبك #${order.id} (بطاقة ستيم 5$). تجد الكود في تفاصيل الطلب.`;
    const notice = (
      await t.request({ method: 'GET', url: '/public/api/v1/notifications', token: customer.token })
    ).json().data.notifications[0];
    expect(notice).toMatchObject({ title: 'تم تسليم طلبك', msg: body, order_id: order.id });
    await t.app.pushWorker.runDue();
    expect(pushService.errors).toEqual([]);
    expect(payloads()).toEqual([{ title: 'تم تسليم طلبك', body, url: `/orders/${order.id}` }]);
  });

  it('a rejected order, an order put on wait, a decided top-up and an operator notice each push', async () => {
    await subscribe(customer.token);
    const a = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    const b = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/orders/${a.id}/reject`,
          token: operator.token,
          payload: { cancel_msg: 'رقم خاطئ' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/orders/${b.id}/wait`,
          token: operator.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const { id: bankId } = await t.db
      .insertInto('banks')
      .values({ name: 'بنك', img: null, info: '', iban: 'SY00', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fp = { sha256: 'a'.repeat(64), phash: '0'.repeat(16) };
    const c1 = await insertCharge(t.db, {
      userId: customer.id,
      bankId,
      amount: 5_000_000,
      imgKey: 'private/x',
      transferRef: null,
      fingerprint: fp,
      duplicateOf: null,
    });
    const c2 = await insertCharge(t.db, {
      userId: customer.id,
      bankId,
      amount: 5_000_000,
      imgKey: 'private/y',
      transferRef: null,
      fingerprint: { ...fp, sha256: 'b'.repeat(64) },
      duplicateOf: null,
    });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/charges/${c1}/approve`,
          token: operator.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/charges/${c2}/reject`,
          token: operator.token,
          payload: { reason: 'الإيصال غير واضح' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/admin/api/v1/notifications',
          token: operator.token,
          payload: { title: 'عرض اليوم', msg: 'خصم ١٠٪ على البطاقات' },
        })
      ).statusCode,
    ).toBe(201);
    await t.app.pushWorker.runDue();
    expect(payloads().map((p) => [p.title, p.url])).toEqual([
      ['تم رفض طلبك', `/orders/${a.id}`],
      [expect.any(String), `/orders/${b.id}`],
      [expect.any(String), '/balances'],
      [expect.any(String), '/charges'],
      ['عرض اليوم', '/notifications'],
    ]);
    for (const p of payloads()) expect(p.body).toMatch(/[\u0600-\u06FF]/);
  });

  it('retries when the push service fails, and deletes a subscription the service says is gone (410)', async () => {
    const sub = await subscribe(customer.token);
    pushService.failNext(503);
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/orders/${order.id}/accept`,
          token: operator.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    await t.app.pushWorker.runDue();
    expect(await outbox()).toMatchObject([{ attempts: 1, last_error: 'push service answered 503' }]);
    await new Promise((r) => setTimeout(r, 30));
    await t.app.pushWorker.runDue();
    expect(pushService.received).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);

    pushService.expire(sub.id);
    const next = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    await t.request({
      method: 'POST',
      url: `/admin/api/v1/orders/${next.id}/accept`,
      token: operator.token,
      payload: {},
    });
    await t.app.pushWorker.runDue();
    expect(await t.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it(
    'never fails the operator’s action when the push service is ' + 'down, and gives up after the last attempt',
    async () => {
      await t.db
        .insertInto('push_subscriptions')
        .values({
          user_id: customer.id,
          session_id: (
            await t.db.selectFrom('sessions').select('id').where('user_id', '=', customer.id).executeTakeFirstOrThrow()
          ).id,
          endpoint: 'http://127.0.0.1:9/push/nobody',
          p256dh: pushService.subscribe().json.keys.p256dh,
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
          created_at: new Date().toISOString(),
        })
        .execute();
      const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
      const res = await t.request({
        method: 'POST',
        url: `/admin/api/v1/orders/${order.id}/accept`,
        token: operator.token,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 6; i++) {
        await t.app.pushWorker.runDue();
        await new Promise((r) => setTimeout(r, 10 * 2 ** i + 5));
      }
      expect(await outbox()).toHaveLength(0);
    },
  );

  it(
    'a stolen token alone cannot add a push endpoint; the password confirms it, ' +
      'and the same one again needs nothing',
    async () => {
      const victim = await t.createUser();
      const sub = pushService.subscribe();
      const post = (payload: Record<string, unknown>) =>
        t.request({ method: 'POST', url: '/public/api/v1/push-subscription', token: victim.token, payload });
      const locked = await post(sub.json);
      expect(locked.statusCode).toBe(423);
      expect(locked.json().msg).toMatch(/[\u0600-\u06FF]/);
      expect(
        await t.db.selectFrom('push_subscriptions').where('user_id', '=', victim.id).selectAll().execute(),
      ).toEqual([]);
      await confirm(victim);
      expect((await post(sub.json)).statusCode).toBe(200);
      // Hours later the browser hands the same subscription again (the orders page does on each visit).
      await t.db.updateTable('sessions').set({ confirmed_at: null }).where('user_id', '=', victim.id).execute();
      t.app.caches.sessions.forget(() => true); // as the 5-second session cache would by then
      expect((await post(sub.json)).statusCode).toBe(200);
      expect((await post(pushService.subscribe().json)).statusCode).toBe(423);
    },
  );

  it(
    "another customer's endpoint with keys of one's own is a 409 and stays theirs; " + 'the same browser may move',
    async () => {
      const owner = await t.createUser();
      const thief = await t.createUser();
      const shared = await t.createUser();
      for (const u of [owner, thief, shared]) await confirm(u);
      const sub = pushService.subscribe();
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/public/api/v1/push-subscription',
            token: owner.token,
            payload: sub.json,
          })
        ).statusCode,
      ).toBe(200);
      const stolen = await t.request({
        method: 'POST',
        url: '/public/api/v1/push-subscription',
        token: thief.token,
        payload: { endpoint: sub.json.endpoint, keys: pushService.subscribe().json.keys },
      });
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().msg).toMatch(/[\u0600-\u06FF]/);
      const holder = () =>
        t.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', sub.json.endpoint).execute();
      expect(await holder()).toEqual([{ user_id: owner.id }]);
      // The same browser (same keys), now signed in to another account, takes its endpoint along.
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/public/api/v1/push-subscription',
            token: shared.token,
            payload: sub.json,
          })
        ).statusCode,
      ).toBe(200);
      expect(await holder()).toEqual([{ user_id: shared.id }]);
    },
  );

  it('stops pushing to a browser whose session signed out', async () => {
    const other = await t.createUser();
    await confirm(other);
    await subscribe(other.token);
    expect((await t.request({ method: 'POST', url: '/public/api/v1/logout', token: other.token })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/admin/api/v1/notifications',
          token: operator.token,
          payload: { user_id: other.id, title: 'تنبيه', msg: 'رسالة' },
        })
      ).statusCode,
    ).toBe(201);
    expect(await outbox()).toHaveLength(0);
  });
});

describe('VAPID keys', () => {
  it('always have a 32-byte private key, as web-push and VAPID_PRIVATE_KEY require (one in 256 had 31)', async () => {
    const { newVapidKeys } = await import('../src/modules/notifications/push/vapid');
    // 3,000 pairs: the chance that none has a leading zero byte is (255/256)^3000, under 0.001%.
    for (let i = 0; i < 3000; i++) expect(Buffer.from(newVapidKeys().privateKey, 'base64url')).toHaveLength(32);
  });

  it(
    'are generated once into DATA_DIR and kept; a half or malformed ' + 'pair from the environment refuses to boot',
    async () => {
      const { loadVapidKeys } = await import('../src/modules/notifications/push/vapid');
      const { mkdtempSync, rmSync, statSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const dir = mkdtempSync(`${tmpdir()}/vapid-`);
      try {
        const first = loadVapidKeys({ subject: 'mailto:a@b.c', dataDir: dir });
        expect(loadVapidKeys({ subject: 'mailto:a@b.c', dataDir: dir })).toEqual(first);
        expect(statSync(`${dir}/vapid.json`).mode & 0o777).toBe(0o600);
        expect(
          loadVapidKeys({
            publicKey: first.publicKey,
            privateKey: first.privateKey,
            subject: 'mailto:x@y.z',
            dataDir: '/nonexistent',
          }).publicKey,
        ).toBe(first.publicKey);
        expect(() => loadVapidKeys({ publicKey: first.publicKey, subject: 'mailto:a@b.c', dataDir: dir })).toThrow(
          /VAPID_PRIVATE_KEY/,
        );
        expect(() =>
          loadVapidKeys({ publicKey: 'abc', privateKey: first.privateKey, subject: 'mailto:a@b.c', dataDir: dir }),
        ).toThrow(/base64url/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
