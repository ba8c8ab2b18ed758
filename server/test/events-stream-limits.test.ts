import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { API, login } from './auth-helpers';
import { setupApp, type TestApp, type TestUser } from './helper';
import { openStream } from './sse-client';

/** The cap of docs/notifications.md: a customer's 21st stream on one instance closes their oldest. */
const CAP = 20;

let t: TestApp;
let operator: TestUser;
let base: string;

beforeAll(async () => {
  t = await setupApp({ env: { PUSH_WORKER: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  operator = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** An operator notice to one customer: their streams get `change`. */
async function noticeTo(userId: number) {
  const res = await t.request({
    method: 'POST',
    url: '/admin/api/v1/notifications',
    token: operator.token,
    payload: { user_id: userId, title: 'تنبيه', msg: 'رسالة' },
  });
  expect(res.statusCode).toBe(201);
}

const endReason = (s: { events: { name: string; data: string }[] }) => {
  const end = s.events.find((e) => e.name === 'end');
  return end ? (JSON.parse(end.data) as { reason: string }).reason : null;
};

describe('open event streams per customer', () => {
  it("closes a customer's oldest stream when a 21st opens; the other 20 and another customer's stay open", async () => {
    const customer = await t.createUser();
    const other = await t.createUser();
    const theirs = await openStream(base, other.token);
    const mine = [];
    for (let i = 0; i < CAP + 1; i++) mine.push(await openStream(base, customer.token));

    // The first is closed by the server, told why; the newest is the one that was let in.
    await mine[0]!.waitForEnd();
    expect(endReason(mine[0]!)).toBe('replaced');
    // The 20 others still receive what changes.
    await noticeTo(customer.id);
    await Promise.all(mine.slice(1).map((s) => s.waitFor('change', 1)));
    expect(mine.slice(1).filter((s) => s.endedByServer)).toHaveLength(0);
    expect(mine[0]!.count('change')).toBe(0);

    await noticeTo(other.id);
    await theirs.waitFor('change', 1);
    expect(theirs.endedByServer).toBe(false);

    // Opening yet another closes the next oldest, never the new one.
    mine.push(await openStream(base, customer.token));
    await mine[1]!.waitForEnd();
    expect(mine.slice(2).filter((s) => s.endedByServer)).toHaveLength(0);
    for (const s of [...mine, theirs]) await s.close();
  });

  it('closes the stream of a session that signs out, within a second, and sends it nothing more', async () => {
    const customer = await t.createUser();
    const otherSession = (await login(t, customer.email, customer.password)).json().data.token as string;
    const leaving = await openStream(base, customer.token);
    const staying = await openStream(base, otherSession);

    const started = Date.now();
    const out = await t.request({ method: 'POST', url: `${API}/logout`, token: customer.token, payload: {} });
    expect(out.statusCode).toBe(200);
    await leaving.waitForEnd(1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(endReason(leaving)).toBe('signed-out');

    await noticeTo(customer.id);
    await staying.waitFor('change', 1);
    expect(leaving.count('change')).toBe(0);
    expect(staying.endedByServer).toBe(false);
    await leaving.close();
    await staying.close();
  });

  it("a password change closes the streams of the account's other sessions, not the one that changed it", async () => {
    const customer = await t.createUser();
    const changer = (await login(t, customer.email, customer.password)).json().data.token as string;
    const elsewhere = await openStream(base, customer.token);
    const here = await openStream(base, changer);
    const save = await t.request({
      method: 'POST',
      url: `${API}/profile`,
      token: changer,
      payload: { name: 'اسم', email: customer.email, phone: '0999', password: 'a-new-password-7' },
    });
    expect(save.statusCode).toBe(200);
    await elsewhere.waitForEnd(1000);
    expect(endReason(elsewhere)).toBe('signed-out');
    await noticeTo(customer.id);
    await here.waitFor('change', 1);
    expect(elsewhere.count('change')).toBe(0);
    await elsewhere.close();
    await here.close();
  });

  it('a session that expired while its stream was open gets no further event: the stream ends instead', async () => {
    const customer = await t.createUser();
    const stream = await openStream(base, customer.token);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', customer.id)
      .execute();
    await noticeTo(customer.id);
    await stream.waitForEnd(1000);
    expect(endReason(stream)).toBe('signed-out');
    expect(stream.count('change')).toBe(0);
    await stream.close();
  });

  it('a sign-out on one instance ends the stream on another at its next event', async () => {
    const second = await buildApp({ config: t.config, db: t.db, engine: t.engine, storage: t.storage, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const customer = await t.createUser();
      const stream = await openStream(
        `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`,
        customer.token,
      );
      expect(
        (await t.request({ method: 'POST', url: `${API}/logout`, token: customer.token, payload: {} })).statusCode,
      ).toBe(200);
      // The notice is sent through the second instance, so its own streams hear it on any engine.
      const notice = await second.inject({
        method: 'POST',
        url: '/admin/api/v1/notifications',
        headers: { authorization: `Bearer ${operator.token}` },
        payload: { user_id: customer.id, title: 'تنبيه', msg: 'رسالة' },
      });
      expect(notice.statusCode).toBe(201);
      await stream.waitForEnd(2000);
      expect(endReason(stream)).toBe('signed-out');
      expect(stream.count('change')).toBe(0);
      await stream.close();
    } finally {
      second.server.closeAllConnections();
      await second.close();
    }
  });
});
