import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN } from './operator-fixtures';

/**
 * A supplier is saved only once its connection answered: store A signs in at store B (a second
 * real store listening on loopback) with the details the operator typed, and shows B's answer.
 */
let a: TestApp;
let b: TestApp;
let bUrl: string;
let opA: TestUser;
let agent: TestUser; // A's account at B

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

const save = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  a.request({ method, url: `${ADMIN}${url}`, token: opA.token, payload });
const rows = () => a.db.selectFrom('suppliers').selectAll().execute();

beforeAll(async () => {
  a = await setupApp();
  b = await setupApp();
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  bUrl = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  opA = await a.createUser({ role: 'operator' });
  agent = await b.createUser({ balance: 42_500_000 });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe(`a supplier's connection is tried on save (${testEngine})`, () => {
  it('saves a supplier whose sign-in answered, with our balance there', async () => {
    const res = await save('POST', '/suppliers', {
      name: 'متجر الجملة',
      kind: 'raseed',
      base_url: `${bUrl}/`,
      email: agent.email,
      password: agent.password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.connection).toEqual({ balance: '42.50' });
    expect(res.json().data.supplier).toMatchObject({ base_url: bUrl, has_password: true });
  });

  it('refuses a wrong address or a refused sign-in with the reason, and saves nothing', async () => {
    const before = (await rows()).length;
    const dead = await save('POST', '/suppliers', {
      name: 'مورد متوقف',
      kind: 'raseed',
      base_url: `http://127.0.0.1:${await closedPort()}`,
      email: agent.email,
      password: agent.password,
    });
    expect(dead.statusCode, dead.body).toBe(422);
    expect(dead.json().msg).toBe('لم يُحفظ المورد: فشل اختبار الاتصال به (تعذّر الاتصال بالمورد)');
    expect(dead.json().errors).toEqual({ base_url: [dead.json().msg] });

    const wrong = await save('POST', '/suppliers', {
      name: 'كلمة مرور خاطئة',
      kind: 'raseed',
      base_url: bUrl,
      email: agent.email,
      password: 'not-the-password',
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().errors.password[0]).toContain('تعذّر تسجيل الدخول لدى المورد');

    const badToken = await save('POST', '/suppliers', {
      name: 'رمز خاطئ',
      kind: 'raseed',
      base_url: bUrl,
      token: 'not-a-token',
    });
    expect(badToken.statusCode, badToken.body).toBe(422);
    expect(Object.keys(badToken.json().errors)).toEqual(['token']);
    expect((await rows()).length).toBe(before);
  });

  it('tries an edit of the address or the account first; a rename needs no answer', async () => {
    const created = await save('POST', '/suppliers', {
      name: 'مورد للتعديل',
      kind: 'raseed',
      base_url: bUrl,
      token: agent.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.supplier.id;
    const stored = async () => a.db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const moved = await save('PATCH', `/suppliers/${id}`, { base_url: `http://127.0.0.1:${await closedPort()}` });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors.base_url[0]).toContain('تعذّر الاتصال بالمورد');
    expect((await stored()).base_url).toBe(bUrl);

    // A new password is tried on its own, not behind the stored token that still works.
    const password = await save('PATCH', `/suppliers/${id}`, { email: agent.email, password: 'wrong-password' });
    expect(password.statusCode, password.body).toBe(422);
    expect((await stored()).password_enc).toBeNull();

    // With the supplier's address now dead, a rename still saves: it tries nothing.
    await a.db
      .updateTable('suppliers')
      .set({ base_url: `http://127.0.0.1:${await closedPort()}` })
      .where('id', '=', id)
      .execute();
    const renamed = await save('PATCH', `/suppliers/${id}`, { name: 'اسم جديد' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ supplier: { name: 'اسم جديد' }, connection: null });

    const fixed = await save('PATCH', `/suppliers/${id}`, { base_url: bUrl });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.connection).toEqual({ balance: '42.50' });
  });
});
