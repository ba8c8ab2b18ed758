import { connect } from 'node:net';
import { type ErrorCode, errorCode } from '@raseed/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFacts } from '../src/kernel/error-codes';
import { testEngine, type TestUser } from './helper';
import { buy, closeWorld, type NumbersWorld, numbersWorld, setOnline } from './numbers-fixtures';
import { ADMIN, balanceOf, makeCatalog, PUBLIC } from './operator-fixtures';
import { makeProduct } from './orders-fixtures';

const arabic = /[\u0600-\u06FF]/;
const USD = 1_000_000;

let w: NumbersWorld;
let port: number;
let alice: TestUser;
let bob: TestUser;
let categoryId: number;
let departmentId: number;
let productId: number;

beforeAll(async () => {
  // Short transport timeouts so a request that never finishes arriving meets its 408 quickly.
  w = await numbersWorld({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as { port: number }).port;
  alice = await w.t.createUser({ balance: 20 * USD });
  bob = await w.t.createUser({ balance: 20 * USD });
  const catalog = await makeCatalog(w.t, w.op, '1.00');
  categoryId = catalog.category.id;
  departmentId = catalog.department.id;
  productId = catalog.product.id;
});
afterAll(() => closeWorld(w));

type Call = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; token?: string; payload?: unknown } & {
  headers?: Record<string, string>;
};
const call = (c: Call) =>
  w.t.request({
    method: c.method ?? 'GET',
    url: c.url,
    token: c.token,
    headers: c.headers,
    ...(c.payload !== undefined ? { payload: c.payload as string } : {}),
  });
const orderFixed = (user: TestUser, payload: Record<string, unknown>, key?: string) =>
  call({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    token: user.token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** Raw bytes to the listening server; resolves with the status line's code and the JSON body. */
function raw(start: string, drip?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.write(start);
    if (drip) timer = setInterval(() => socket.write(drip), 200);
    setTimeout(() => socket.destroy(), 8_000);
  });
}

type Reply = { statusCode: number; body: string };
const asReply = (r: LightMyRequestResponse | { status: number; body: string }): Reply =>
  'statusCode' in r ? r : { statusCode: r.status, body: r.body };

/**
 * One real request per code that a request can meet. `server_error` is the one left out: no
 * request of a caller makes the server fail, which is the point (the fuzz suites prove it).
 */
const reachable: Array<[ErrorCode, () => Promise<Reply>]> = [
  [
    'bad_request',
    async () =>
      call({
        method: 'POST',
        url: `${PUBLIC}/login`,
        payload: '{{{',
        headers: { 'content-type': 'application/json' },
      }),
  ],
  ['unauthorized', async () => call({ url: `${PUBLIC}/orders` })],
  ['forbidden', async () => call({ url: `${ADMIN}/users`, token: alice.token })],
  [
    'service_offline',
    async () => {
      await setOnline(w.t, w.op, false);
      const res = await call({ url: `${PUBLIC}/numbers/services`, token: alice.token });
      await setOnline(w.t, w.op, true);
      return res;
    },
  ],
  ['not_found', async () => call({ url: `${PUBLIC}/orders/999999`, token: alice.token })],
  ['not_acceptable', async () => call({ url: `${PUBLIC}/events`, token: alice.token })],
  [
    'request_timeout',
    async () =>
      asReply(
        await raw(
          'POST /public/api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100000\r\n\r\n',
          '{',
        ),
      ),
  ],
  ['conflict', async () => call({ method: 'DELETE', url: `${ADMIN}/categories/${categoryId}`, token: w.op.token })],
  ['price_changed', async () => orderFixed(alice, { productId, playerId: '123', expected_price: '0.50' })],
  [
    'payload_too_large',
    async () =>
      call({
        method: 'POST',
        url: `${PUBLIC}/login`,
        payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      }),
  ],
  ['uri_too_long', async () => call({ url: `${PUBLIC}/orders/${'9'.repeat(1300)}`, token: alice.token })],
  [
    'unsupported_media_type',
    async () =>
      call({
        method: 'POST',
        url: `${PUBLIC}/login`,
        payload: 'x',
        headers: { 'content-type': 'application/x-unknown' },
      }),
  ],
  ['validation_failed', async () => orderFixed(alice, { productId, playerId: '' })],
  [
    'insufficient_balance',
    async () => orderFixed(await w.t.createUser({ balance: 0.5 * USD }), { productId, playerId: '123' }),
  ],
  [
    'out_of_stock',
    async () => {
      const stock = await call({
        method: 'POST',
        url: `${ADMIN}/products`,
        token: w.op.token,
        payload: {
          department_id: departmentId,
          name: 'بطاقة بلا أكواد',
          price: '1.00',
          type: 'code',
          delivery: 'stock',
        },
      });
      expect(stock.statusCode, stock.body).toBe(201);
      return call({
        method: 'POST',
        url: `${PUBLIC}/orders-create-code`,
        token: alice.token,
        payload: { product_id: stock.json().data.product.id },
      });
    },
  ],
  [
    'product_unavailable',
    async () => {
      const id = await makeProduct(w.t.db, 'منتج موقوف');
      await w.t.db.updateTable('products').set({ available: 0 }).where('id', '=', id).execute();
      return orderFixed(alice, { productId: id, playerId: '123' });
    },
  ],
  [
    'idempotency_mismatch',
    async () => {
      expect((await orderFixed(alice, { productId, playerId: '1' }, 'mismatch')).statusCode).toBe(201);
      return orderFixed(alice, { productId, playerId: '2' }, 'mismatch');
    },
  ],
  [
    'invalid_state',
    async () => {
      const placed = await orderFixed(alice, { productId, playerId: '123' });
      const url = `${PUBLIC}/orders/${placed.json().data.order.id}/cancel`;
      expect((await call({ method: 'POST', url, token: alice.token })).statusCode).toBe(200);
      return call({ method: 'POST', url, token: alice.token });
    },
  ],
  ['password_confirm_required', async () => call({ url: `${PUBLIC}/enable`, token: alice.token })],
  [
    'rate_limited',
    async () => {
      const attempt = () =>
        call({
          method: 'POST',
          url: `${PUBLIC}/login`,
          payload: { email: 'nobody@test.local', password: 'wrong-password-1' },
          headers: { 'x-forwarded-for': '127.0.0.9' },
        });
      let res = await attempt();
      for (let i = 0; i < 30 && res.statusCode !== 429; i++) res = await attempt();
      return res;
    },
  ],
  [
    'headers_too_large',
    async () =>
      asReply(await raw(`GET /public/api/v1/setting HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)),
  ],
  [
    'upstream_failed',
    // The provider refuses the key: its answer, not a moment's trouble.
    async () => withProvider(w.stub.url, 'not-the-key', () => call({ url: providerBalance, token: w.op.token })),
  ],
  [
    'unavailable',
    // A provider address where nothing listens: unreachable for now, worth a retry later.
    async () =>
      withProvider('http://127.0.0.1:9', w.stub.apiKey, () => call({ url: providerBalance, token: w.op.token })),
  ],
];

const providerBalance = `${ADMIN}/numbers/provider/balance`;
async function withProvider<T>(base_url: string, api_key: string, run: () => Promise<T>): Promise<T> {
  const set = (payload: Record<string, string>) =>
    call({ method: 'PATCH', url: `${ADMIN}/numbers/provider`, token: w.op.token, payload });
  expect((await set({ name: 'مزود الأرقام', base_url, api_key })).statusCode).toBe(200);
  try {
    return await run();
  } finally {
    expect((await set({ name: 'مزود الأرقام', base_url: w.stub.url, api_key: w.stub.apiKey })).statusCode).toBe(200);
  }
}
const unreachable: ErrorCode[] = ['server_error'];

describe(`error codes (${testEngine})`, () => {
  it('GET /errors lists every code of the contract once, with its status, an Arabic msg and retryable', async () => {
    const res = await call({ url: `${PUBLIC}/errors` });
    expect(res.statusCode).toBe(200);
    const codes = res.json().data.codes as Array<{ code: string; status: number; msg: string; retryable: unknown }>;
    expect(codes.map((c) => c.code)).toEqual(errorCode.options);
    for (const c of codes) {
      expect(c.msg, c.code).toMatch(arabic);
      expect(c.status, c.code).toBeGreaterThanOrEqual(400);
      expect(c.status, c.code).toBeLessThan(600);
      expect(typeof c.retryable, c.code).toBe('boolean');
    }
    const byCode = Object.fromEntries(codes.map((c) => [c.code, c]));
    expect(byCode.rate_limited).toMatchObject({ status: 429, retryable: true });
    expect(byCode.insufficient_balance).toMatchObject({ status: 422, retryable: false });
    // Served to anyone, revalidated by its ETag.
    const again = await call({ url: `${PUBLIC}/errors`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('every code is either met by a request below or named as unreachable', () => {
    expect([...reachable.map(([code]) => code), ...unreachable].sort()).toEqual([...errorCode.options].sort());
  });

  it.each(reachable)('%s: its status, its code and an Arabic msg', async (code, send) => {
    const res = await send();
    const body = JSON.parse(res.body) as { status: string; code: string; msg: string };
    expect([res.statusCode, body.code], res.body.slice(0, 300)).toEqual([errorFacts[code].status, code]);
    expect(body.status).toBe('error');
    expect(body.msg).toMatch(arabic);
  });

  it('the operator API answers with the same codes', async () => {
    const missing = await call({ url: `${ADMIN}/users/999999`, token: w.op.token });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'not_found']);
    const invalid = await call({ method: 'POST', url: `${ADMIN}/categories`, token: w.op.token, payload: {} });
    expect([invalid.statusCode, invalid.json().code]).toEqual([422, 'validation_failed']);
    const signedOut = await call({ url: `${ADMIN}/users` });
    expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'unauthorized']);
  });
});

describe('the OpenAPI documents', () => {
  it('show `code` as required in every error reply, with the list of codes, and the by-key look-ups', async () => {
    const pub = (await call({ url: `${PUBLIC}/openapi.json` })).json();
    const schemas = pub.components.schemas;
    expect(schemas.ErrorCode.enum).toEqual(errorCode.options);
    for (const name of ['ErrorReply', 'PriceChangedReply']) {
      expect(schemas[name].required, name).toContain('code');
    }
    expect(schemas.ErrorReply.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    expect(schemas.PriceChangedReply.properties.code).toMatchObject({ const: 'price_changed' });
    const refOf = (path: string, method: string, status: string) =>
      pub.paths[`${PUBLIC}${path}`]?.[method]?.responses?.[status]?.content?.['application/json']?.schema?.$ref;
    expect(refOf('/orders/by-key/{key}', 'get', '404')).toBe('#/components/schemas/ErrorReply');
    expect(refOf('/numbers/by-key/{key}', 'get', '404')).toBe('#/components/schemas/ErrorReply');
    expect(refOf('/orders-create-code', 'post', '422')).toBe('#/components/schemas/ErrorReply');
    expect(pub.paths[`${PUBLIC}/errors`].get.security).toEqual([]);

    const admin = (await call({ url: `${ADMIN}/openapi.json`, token: w.op.token })).json();
    expect(admin.components.schemas.ErrorReply.required).toContain('code');
    expect(JSON.stringify(admin.paths)).toContain('#/components/schemas/ErrorReply');
  });
});

describe(`GET /orders/by-key/{key} (${testEngine})`, () => {
  const byKey = (user: TestUser, key: string) =>
    call({ url: `${PUBLIC}/orders/by-key/${encodeURIComponent(key)}`, token: user.token });

  it('answers the order placed with the key, as GET /orders/{id} does, and buys nothing', async () => {
    const key = 'انقطع الاتصال 1';
    const placed = await orderFixed(alice, { productId, playerId: '5123' }, key);
    expect(placed.statusCode).toBe(201);
    const balance = await balanceOf(w.t, alice.id);
    const found = await byKey(alice, key);
    expect(found.statusCode, found.body).toBe(200);
    const byId = await call({ url: `${PUBLIC}/orders/${placed.json().data.order.id}`, token: alice.token });
    expect(found.json()).toEqual(byId.json());
    expect(found.json().data.order).toMatchObject({ id: placed.json().data.order.id, data: '5123' });
    expect(await balanceOf(w.t, alice.id)).toBe(balance);
  });

  it("is a 404 for another customer's key, an unknown key, and a key whose purchase was refused", async () => {
    expect((await orderFixed(alice, { productId, playerId: '1' }, 'alice-only')).statusCode).toBe(201);
    const poor = await w.t.createUser({ balance: 0 });
    expect((await orderFixed(poor, { productId, playerId: '1' }, 'refused')).statusCode).toBe(422);
    for (const [user, key] of [
      [bob, 'alice-only'],
      [alice, 'never-used'],
      [poor, 'refused'],
    ] as const) {
      const res = await byKey(user, key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 'not_found' });
      expect(res.json().msg).toMatch(arabic);
    }
  });

  it('takes any key the header takes (100 characters, longer once encoded) from a signed-in caller', async () => {
    const key = 'a/b?c#d %'.repeat(12).slice(0, 100);
    expect((await orderFixed(alice, { productId, playerId: '7' }, key)).statusCode).toBe(201);
    const found = await byKey(alice, key);
    expect([found.statusCode, found.json().data?.order.data]).toEqual([200, '7']);
    expect((await call({ url: `${PUBLIC}/orders/by-key/k` })).json().code).toBe('unauthorized');
    const long = await byKey(alice, 'k'.repeat(101));
    expect([long.statusCode, long.json().code]).toEqual([422, 'validation_failed']);
  });
});

describe(`GET /numbers/by-key/{key} (${testEngine})`, () => {
  it("answers the caller's number purchase made with the key; another's or an unknown key is a 404", async () => {
    const carol = await w.t.createUser({ balance: 5 * USD });
    const bought = await buy(w, carol, { 'idempotency-key': 'number-1' });
    const found = await call({ url: `${PUBLIC}/numbers/by-key/number-1`, token: carol.token });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.purchase).toMatchObject({ id: bought.id });
    for (const [user, key] of [
      [bob, 'number-1'],
      [carol, 'number-2'],
    ] as const) {
      const res = await call({ url: `${PUBLIC}/numbers/by-key/${key}`, token: user.token });
      expect([res.statusCode, res.json().code], key).toEqual([404, 'not_found']);
      expect(res.json().msg).toMatch(arabic);
    }
  });
});
