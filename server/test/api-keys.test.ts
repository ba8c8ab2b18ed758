import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openRuntime } from '../src/bootstrap';
import { API, arabic, freshIp } from './auth-helpers';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { makeProduct } from './orders-fixtures';

const t = await setupApp();
const operator = await t.createUser({ role: 'operator' });
const productId = await makeProduct(t.db, 'بطاقة الوكلاء');
afterAll(() => t.close());

const TOKEN = /^rsd_(live|test)_([0-9A-Za-z]{43})_([0-9A-Za-z]{6})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The checksum as a secret scanner would compute it: CRC32 of the token before `_`, base62, 6 characters. */
function expectedChecksum(body: string): string {
  let n = crc32(body);
  let out = '';
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(6, '0');
}

const call = (app: TestApp | FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, o = {}) =>
  ('request' in app ? app.request.bind(app) : (opts: object) => app.inject(opts))({ method, url, ...o });

function withKey(key: string, extra: { remoteAddress?: string; payload?: unknown; headers?: object } = {}) {
  const { headers, ...rest } = extra;
  return { headers: { authorization: `Bearer ${key}`, ...headers }, ...rest };
}

async function allow(user: TestUser, on = true) {
  const res = await t.request({
    method: 'PATCH',
    url: `${ADMIN}/users/${user.id}`,
    token: operator.token,
    payload: { api_access: on },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function confirm(user: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: `${API}/user/confirm-password`,
    token: user.token,
    payload: { password: user.password },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

function createKey(user: TestUser, body: Record<string, unknown> = { name: 'متجري', mode: 'live' }) {
  return t.request({ method: 'POST', url: `${API}/api-keys`, token: user.token, payload: body });
}

/** A customer with API access, a confirmed session and a balance, and one live key. */
async function reseller(body: Record<string, unknown> = { name: 'متجري', mode: 'live' }) {
  const user = await t.createUser({ balance: 50_000_000 });
  await allow(user);
  await confirm(user);
  const res = await createKey(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return { user, key: res.json().data.api_key as { id: number; token: string; prefix: string } };
}

describe('the operator turns API access on', () => {
  it('PATCH api_access shows in the users list, on /me and in the audit log', async () => {
    const user = await t.createUser();
    expect((await allow(user)).json().data.user).toMatchObject({ id: user.id, api_access: true });
    const list = await t.request({ method: 'GET', url: `${ADMIN}/users?search=%23${user.id}`, token: operator.token });
    expect(list.json().data.users[0]).toMatchObject({ id: user.id, api_access: true });
    const me = await t.request({ method: 'GET', url: `${API}/me`, token: user.token });
    expect(me.json().data.user.api_access).toBe(true);
    const audit = await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=user`, token: operator.token });
    expect(
      audit
        .json()
        .data.entries.some(
          (e: { entity_id: number; after: unknown }) =>
            e.entity_id === user.id && JSON.stringify(e.after) === JSON.stringify({ api_access: true }),
        ),
    ).toBe(true);
  });

  it('without it, creating a key is a 403 with an Arabic msg, before any password prompt', async () => {
    const user = await t.createUser();
    const res = await createKey(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(arabic);
    expect(res.json().msg).toContain('واجهة البرمجة غير مفعّلة');
  });
});

describe('creating, listing and revoking keys', () => {
  it('needs a recent password confirmation, like changing the e-mail (423 first)', async () => {
    const user = await t.createUser();
    await allow(user);
    const res = await createKey(user);
    expect(res.statusCode).toBe(423);
    expect(res.json().msg).toMatch(arabic);
    await confirm(user);
    expect((await createKey(user)).statusCode).toBe(201);
  });

  it('shows the token once, in a format secret scanners recognise, with a checksum that holds', async () => {
    const { user, key } = await reseller({ name: 'الخادم الرئيسي', mode: 'live', allowed_ips: ['203.0.113.0/24'] });
    const m = TOKEN.exec(key.token);
    expect(m, key.token).not.toBeNull();
    expect(m?.[1]).toBe('live');
    expect(m?.[3]).toBe(expectedChecksum(key.token.slice(0, -7)));
    expect(key.prefix).toBe(key.token.slice(0, 'rsd_live_'.length + 6));
    expect(key).toMatchObject({ name: 'الخادم الرئيسي', mode: 'live', allowed_ips: ['203.0.113.0/24'] });

    const test = await createKey(user, { name: 'تجربة', mode: 'test' });
    expect(test.json().data.api_key.token).toMatch(/^rsd_test_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/);

    const list = await t.request({ method: 'GET', url: `${API}/api-keys`, token: user.token });
    expect(list.statusCode).toBe(200);
    const keys = list.json().data.api_keys;
    expect(keys.map((k: { name: string }) => k.name)).toEqual(['تجربة', 'الخادم الرئيسي']);
    expect(keys[1]).toEqual({
      id: key.id,
      name: 'الخادم الرئيسي',
      mode: 'live',
      prefix: key.prefix,
      allowed_ips: ['203.0.113.0/24'],
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(list.body).not.toContain(key.token.slice(15));
  });

  it('a token with a wrong checksum, or an unknown one, is a 401 with an Arabic msg', async () => {
    const { key } = await reseller();
    const last = key.token.at(-1) === 'a' ? 'b' : 'a';
    const mangled = `${key.token.slice(0, -1)}${last}`;
    const bad = await call(t, 'GET', `${API}/me`, withKey(mangled));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().msg).toContain('مفتاح واجهة البرمجة غير صحيح');
    const body = `rsd_live_${'A'.repeat(43)}`;
    const unknown = await call(t, 'GET', `${API}/me`, withKey(`${body}_${expectedChecksum(body)}`));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toMatch(arabic);
  });

  it('refuses bad input with Arabic field messages: names, modes and addresses', async () => {
    const user = await t.createUser();
    await allow(user);
    await confirm(user);
    for (const [body, field] of [
      [{ name: '', mode: 'live' }, 'name'],
      [{ name: 'x'.repeat(61), mode: 'live' }, 'name'],
      [{ name: 'مفتاح', mode: 'sandbox' }, 'mode'],
      [{ name: 'مفتاح', mode: 'live', allowed_ips: ['300.1.1.1'] }, 'allowed_ips'],
      [{ name: 'مفتاح', mode: 'live', allowed_ips: ['10.0.0.0/33'] }, 'allowed_ips'],
      [{ name: 'مفتاح', mode: 'live', allowed_ips: ['example.com'] }, 'allowed_ips'],
      [
        { name: 'مفتاح', mode: 'live', allowed_ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) },
        'allowed_ips',
      ],
    ] as const) {
      const res = await createKey(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().msg).toMatch(arabic);
      expect(
        Object.keys(res.json().errors).some((k) => k.startsWith(field)),
        res.body,
      ).toBe(true);
    }
  });

  it('caps the live keys of one customer at 10 (409); a revoked key frees its place', async () => {
    const user = await t.createUser();
    await allow(user);
    await confirm(user);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await createKey(user, { name: `k${i}`, mode: 'live' })).json().data.api_key.id);
    const over = await createKey(user, { name: 'k10', mode: 'live' });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toMatch(arabic);
    await t.request({ method: 'DELETE', url: `${API}/api-keys/${ids[0]}`, token: user.token });
    expect((await createKey(user, { name: 'k10', mode: 'live' })).statusCode).toBe(201);
  });

  it('revokes a key at once on this instance; another customer cannot revoke it (404)', async () => {
    const { user, key } = await reseller();
    const stranger = await t.createUser();
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    const theirs = await t.request({ method: 'DELETE', url: `${API}/api-keys/${key.id}`, token: stranger.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toMatch(arabic);

    const revoke = await t.request({ method: 'DELETE', url: `${API}/api-keys/${key.id}`, token: user.token });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().msg).toBe('تم إلغاء المفتاح');
    const refused = await call(t, 'GET', `${API}/orders`, withKey(key.token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toContain('تم إلغاء مفتاح واجهة البرمجة');
    const list = await t.request({ method: 'GET', url: `${API}/api-keys`, token: user.token });
    expect(list.json().data.api_keys).toEqual([]);
    expect(
      (await t.request({ method: 'DELETE', url: `${API}/api-keys/${key.id}`, token: user.token })).statusCode,
    ).toBe(404);
  });
});

describe('the token is kept nowhere', () => {
  it('appears in no text column of any table, and (SQLite) nowhere in the database files', async () => {
    const { key } = await reseller();
    const secret = key.token.slice('rsd_live_'.length, -7);
    // A call with the key, so whatever a call writes is scanned too.
    expect((await call(t, 'GET', `${API}/orders`, withKey(key.token))).statusCode).toBe(200);
    const tables =
      t.engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db)).rows.map(
            (r) => r.name,
          )
        : (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
          ).rows.map((r) => r.name);
    expect(tables).toContain('api_keys');
    let textValues = 0;
    for (const table of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db)).rows;
      for (const row of rows)
        for (const value of Object.values(row)) {
          if (typeof value !== 'string') continue;
          textValues++;
          expect(value.includes(secret), `${table}: ${value}`).toBe(false);
        }
    }
    expect(textValues).toBeGreaterThan(50);
    if (t.engine === 'sqlite') {
      await sql`pragma wal_checkpoint(full)`.execute(t.db);
      const files = readdirSync(t.dataDir).filter((f) => f.startsWith('raseed.sqlite'));
      expect(files).toContain('raseed.sqlite');
      for (const f of files) {
        const bytes = readFileSync(path.join(t.dataDir, f));
        expect(bytes.includes(Buffer.from(secret)), f).toBe(false);
        // The scan would have found it: the key's shown prefix is in the file.
        if (f === 'raseed.sqlite') expect(bytes.includes(Buffer.from(key.prefix))).toBe(true);
      }
    }
  });
});

describe('calling the API with a key', () => {
  it("reads the customer's orders and places an ordinary order of theirs (api: false)", async () => {
    const { user, key } = await reseller();
    const me = await call(t, 'GET', `${API}/me`, withKey(key.token));
    expect(me.json().data.user).toMatchObject({ id: user.id, api_access: true });
    const order = await call(
      t,
      'POST',
      `${API}/orders-create-fixed`,
      withKey(key.token, { payload: { productId, playerId: '5123456789', playerName: 'Falcon' } }),
    );
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data.order).toMatchObject({ status: 'pending', price: '1.00', api: false });
    const mine = await call(t, 'GET', `${API}/orders`, withKey(key.token));
    expect(mine.statusCode).toBe(200);
    const viaSession = await t.request({ method: 'GET', url: `${API}/orders`, token: user.token });
    expect(viaSession.json().data.orders.map((o: { id: number }) => o.id)).toContain(order.json().data.order.id);
    expect(mine.json().data.orders.map((o: { id: number }) => o.id)).toContain(order.json().data.order.id);
  });

  it('cannot take the account over: keys, e-mail, password, two-factor, sessions, push are 403 in Arabic', async () => {
    const { user, key } = await reseller();
    const profile = { name: 'وكيل', email: user.email, phone: '0999' };
    const refused: Array<[string, 'GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['list keys', 'GET', '/api-keys'],
      ['create a key', 'POST', '/api-keys', { name: 'آخر', mode: 'live' }],
      ['revoke a key', 'DELETE', `/api-keys/${key.id}`],
      ['change the e-mail', 'POST', '/profile', { ...profile, email: 'thief@example.com' }],
      ['change the password', 'POST', '/profile', { ...profile, password: 'a-new-password-7' }],
      ['confirm the password', 'POST', '/user/confirm-password', { password: user.password }],
      ['start two-factor', 'GET', '/enable'],
      ['confirm two-factor', 'POST', '/user/confirmed-two-factor-authentication', { code: '123456' }],
      ['turn two-factor off', 'DELETE', '/user/two-factor-authentication'],
      ['sign out', 'POST', '/logout', {}],
      [
        'add a push endpoint',
        'POST',
        '/push-subscription',
        { endpoint: 'https://127.0.0.1/push/1', keys: { p256dh: 'x'.repeat(87), auth: 'y'.repeat(22) } },
      ],
      ['remove the push endpoint', 'DELETE', '/push-subscription'],
    ];
    for (const [what, method, url, payload] of refused) {
      const res = await call(t, method, `${API}${url}`, withKey(key.token, payload === undefined ? {} : { payload }));
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().msg, what).toMatch(arabic);
    }
    const stream = await call(
      t,
      'GET',
      `${API}/events`,
      withKey(key.token, { headers: { accept: 'text/event-stream' } }),
    );
    expect(stream.statusCode, stream.body).toBe(403);
    // The operator API refuses keys, whoever owns them.
    expect((await call(t, 'GET', `${ADMIN}/users`, withKey(key.token))).statusCode).toBe(403);
    // The e-mail and the password are unchanged; the name and the phone change freely.
    const named = await call(t, 'POST', `${API}/profile`, withKey(key.token, { payload: profile }));
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.user).toMatchObject({ name: 'وكيل', email: user.email });
    expect((await call(t, 'GET', `${API}/api-keys`, { token: user.token })).json().data.api_keys).toHaveLength(1);
  });

  it('a test key reads and places test orders, but changes nothing else (403 in Arabic)', async () => {
    const { key } = await reseller({ name: 'تجربة', mode: 'test' });
    expect((await call(t, 'GET', `${API}/orders`, withKey(key.token))).statusCode).toBe(200);
    const profile = await call(t, 'POST', `${API}/profile`, withKey(key.token, { payload: { name: 'وكيل' } }));
    expect(profile.statusCode).toBe(403);
    expect(profile.json().msg).toContain('مفتاح التجربة');
  });

  it('with allowed_ips, a call from another address is a 403 (IPv4, IPv6, ranges, mapped IPv4)', async () => {
    const { key } = await reseller({ name: 'مقيد', mode: 'live', allowed_ips: ['203.0.113.0/24', '2001:db8::1'] });
    for (const address of ['203.0.113.9', '::ffff:203.0.113.200', '2001:db8::1']) {
      const res = await call(t, 'GET', `${API}/me`, withKey(key.token, { remoteAddress: address }));
      expect(res.statusCode, address).toBe(200);
    }
    for (const address of ['198.51.100.1', '2001:db8::2', '127.0.0.1']) {
      const res = await call(t, 'GET', `${API}/me`, withKey(key.token, { remoteAddress: address }));
      expect(res.statusCode, address).toBe(403);
      expect(res.json().msg).toContain(address);
      expect(res.json().msg).toMatch(arabic);
    }
  });

  it('turning API access off refuses the keys at once (403), and on again lets them back', async () => {
    const { user, key } = await reseller();
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    await allow(user, false);
    const off = await call(t, 'GET', `${API}/me`, withKey(key.token));
    expect(off.statusCode).toBe(403);
    expect(off.json().msg).toMatch(arabic);
    await allow(user, true);
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
  });

  it('records last_used_at at most once a minute, not on every call', async () => {
    const { user, key } = await reseller();
    const lastUsed = async () =>
      (await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow())
        .last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    for (let i = 0; i < 5; i++) await call(t, 'GET', `${API}/me`, withKey(key.token));
    // Read again (as once the cached key has expired): the database says used a moment ago, so no write.
    t.app.caches.apiKeys.forget(() => true);
    await call(t, 'GET', `${API}/me`, withKey(key.token));
    expect(await lastUsed()).toBe(first);
    const list = await t.request({ method: 'GET', url: `${API}/api-keys`, token: user.token });
    expect(list.json().data.api_keys[0].last_used_at).toBe(first);
    // A minute later (moved back in the database), the next read records the use again.
    const minuteAgo = new Date(Date.now() - 61_000).toISOString();
    await t.db.updateTable('api_keys').set({ last_used_at: minuteAgo }).where('id', '=', key.id).execute();
    t.app.caches.apiKeys.forget(() => true);
    await call(t, 'GET', `${API}/me`, withKey(key.token));
    expect(Date.parse((await lastUsed()) ?? '')).toBeGreaterThan(Date.parse(minuteAgo) + 60_000);
  });

  it('limits each key to 300 calls a minute (429 in Arabic), whatever the address', async () => {
    const { key } = await reseller();
    const other = await reseller();
    for (let i = 0; i < 300; i++) {
      const res = await call(t, 'GET', `${API}/me`, withKey(key.token, { remoteAddress: freshIp() }));
      expect(res.statusCode).toBe(200);
    }
    const over = await call(t, 'GET', `${API}/me`, withKey(key.token, { remoteAddress: freshIp() }));
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toMatch(arabic);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await call(t, 'GET', `${API}/me`, withKey(other.key.token))).statusCode).toBe(200);
  });
});

describe('the operator and the keys', () => {
  it("lists a customer's keys and revokes one, audited", async () => {
    const { user, key } = await reseller();
    const list = await t.request({ method: 'GET', url: `${ADMIN}/users/${user.id}/api-keys`, token: operator.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.api_keys).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix })]);
    expect(list.body).not.toContain(key.token);
    const revoke = await t.request({
      method: 'DELETE',
      url: `${ADMIN}/users/${user.id}/api-keys/${key.id}`,
      token: operator.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(401);
    const audit = await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=user`, token: operator.token });
    expect(audit.json().data.entries[0]).toMatchObject({ action: 'api_key.revoke', entity_id: user.id });
  });
});

describe('two instances on one database', () => {
  it('keeps a key in memory past a second while nothing changed: no read of it per call', async () => {
    const { key } = await reseller();
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    // Past the next generation check, which catches up with the revocations of the tests before.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    const before = { ...t.app.caches.apiKeys.lookups };
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
    const after = { ...t.app.caches.apiKeys.lookups };
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBeGreaterThan(before.hits);
  });

  it('a key revoked on one instance is refused on the other within a second', async () => {
    // A second instance with its own connection and caches, as a second process would have.
    const runtime = await openRuntime(t.config, t.pgSchema ? { pgSchema: t.pgSchema } : {});
    const second = await buildApp({
      config: t.config,
      db: runtime.db,
      engine: runtime.engine,
      storage: runtime.storage,
      logger: false,
    });
    await second.ready();
    try {
      const { user, key } = await reseller();
      // Both instances have the key in memory.
      expect((await call(t, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
      expect((await call(second, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(200);
      const revoke = await second.inject({
        method: 'DELETE',
        url: `${API}/api-keys/${key.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(revoke.statusCode).toBe(200);
      const revokedAt = Date.now();
      expect((await call(second, 'GET', `${API}/me`, withKey(key.token))).statusCode).toBe(401);
      // The first instance was not told; within a second it sees the change and reads the key again.
      await new Promise((r) => setTimeout(r, Math.max(0, revokedAt + 1_000 - Date.now())));
      const there = await call(t, 'GET', `${API}/me`, withKey(key.token));
      expect(there.statusCode).toBe(401);
      expect(there.json().msg).toContain('تم إلغاء مفتاح واجهة البرمجة');

      // API access turned off by the operator on one instance stops the keys on the other too.
      const other = await reseller();
      expect((await call(t, 'GET', `${API}/me`, withKey(other.key.token))).statusCode).toBe(200);
      const off = await second.inject({
        method: 'PATCH',
        url: `${ADMIN}/users/${other.user.id}`,
        headers: { authorization: `Bearer ${operator.token}` },
        payload: { api_access: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      const offAt = Date.now();
      await new Promise((r) => setTimeout(r, Math.max(0, offAt + 1_000 - Date.now())));
      expect((await call(t, 'GET', `${API}/me`, withKey(other.key.token))).statusCode).toBe(403);
    } finally {
      await second.close();
      await runtime.close();
    }
  });
});
