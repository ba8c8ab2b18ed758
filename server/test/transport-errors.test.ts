import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor } from './auth-helpers';
import { setupApp, type TestApp } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

const arabic = /[\u0600-\u06FF]/;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await setupApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes to the real server and reads the whole answer (it closes the connection). */
function raw(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.end(bytes);
  });
}

describe('errors raised before our handlers answer in our shape, in Arabic', () => {
  it('431 for headers over the limit', async () => {
    const res = await raw(`GET /public/api/v1/setting HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({
      status: 'error',
      code: 'headers_too_large',
      msg: 'عنوان الطلب أو ترويساته أطول من المسموح به',
    });
  });

  it('431 for a request line over the limit', async () => {
    const res = await raw(`GET /public/api/v1/products?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).msg).toMatch(arabic);
  });

  it('400 for bytes that are not HTTP', async () => {
    const res = await raw('HELLO WORLD\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ status: 'error', code: 'bad_request', msg: 'الطلب غير صالح' });
  });
});

describe('an instance that drains on shutdown', () => {
  it('answers a request on a kept-alive connection with a 503 in our shape', async () => {
    const other = await setupApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((other.app.server.address() as { port: number }).port, '127.0.0.1');
    let text = '';
    socket.on('data', (c) => {
      text += c.toString();
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    // A request still being sent keeps the connection busy, so closing does not drop it; the
    // next request on it arrives while the instance drains.
    const body = JSON.stringify({ email: 'a@b.co', password: 'xxxxxxxx' });
    socket.write(
      `POST /public/api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: ` +
        `application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = other.app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(`${body.slice(5)}GET /public/api/v1/setting HTTP/1.1\r\nHost: x\r\n\r\n`);
    await expect.poll(() => text.includes('HTTP/1.1 503'), { timeout: 5000 }).toBe(true);
    socket.destroy();
    await closing;
    const last = text.slice(text.indexOf('HTTP/1.1 503'));
    expect(last.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 'error',
      code: 'unavailable',
      msg: 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة لاحقاً',
    });
  });
});

describe('a POST with Content-Type: application/json and no body, as axios sends it', () => {
  const json = { 'content-type': 'application/json' };

  it('cancels an order, signs out and turns two-factor off', async () => {
    const u = await t.createUser({ balance: 10_000_000 });
    const order = await placeTestOrder(t.db, u.id, { productId: await makeProduct(t.db), price: 1_000_000 });
    const cancel = await t.request({
      method: 'POST',
      url: `/public/api/v1/orders/${order.id}/cancel`,
      token: u.token,
      headers: json,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await enableTwoFactor(t, u);
    // Turning two-factor off needs the password confirmed on this session first (else 423).
    const confirmed = await t.request({
      method: 'POST',
      url: '/public/api/v1/user/confirm-password',
      token: u.token,
      payload: { password: u.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const off = await t.request({
      method: 'DELETE',
      url: '/public/api/v1/user/two-factor-authentication',
      token: u.token,
      headers: json,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.user.is_enable2fa).toBe(false);
    const out = await t.request({ method: 'POST', url: '/public/api/v1/logout', token: u.token, headers: json });
    expect(out.statusCode, out.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/public/api/v1/me', token: u.token })).statusCode).toBe(401);
  });

  it('still refuses broken JSON and prototype poisoning with a 400 in Arabic', async () => {
    for (const payload of ['{', '{"__proto__": {"x": 1}}']) {
      const res = await t.request({ method: 'POST', url: '/public/api/v1/login', headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().msg).toMatch(arabic);
    }
  });
});
