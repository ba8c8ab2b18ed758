import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';

const API = '/public/api/v1';
let t: TestApp;
let op: TestUser;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) => t.request({ method: 'GET', url: `${API}/me`, token });

describe('sessions served from memory', () => {
  it('refuses a token right after logout, though it was just used', async () => {
    const user = await t.createUser();
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `${API}/logout`, token: user.token })).statusCode).toBe(200);
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
  });

  it('ends a warm session on another device at once when the password changes', async () => {
    const user = await t.createUser();
    const login = await t.request({
      method: 'POST',
      url: `${API}/login`,
      payload: { email: user.email, password: user.password },
    });
    const other = login.json().data.token as string;
    expect((await me(other)).statusCode).toBe(200);
    // A password change needs the password confirmed on this session first (else 423).
    const confirmed = await t.request({
      method: 'POST',
      url: `${API}/user/confirm-password`,
      token: user.token,
      payload: { password: user.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const saved = await t.request({
      method: 'POST',
      url: `${API}/profile`,
      token: user.token,
      payload: { name: 'n', email: user.email, phone: '1', password: 'brand-new-pass' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });
});

describe('settings with ETag', () => {
  it('answers 304 to a matching If-None-Match and the full body otherwise', async () => {
    const first = await t.request({ method: 'GET', url: `${API}/setting` });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request({ method: 'GET', url: `${API}/setting`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.request({ method: 'GET', url: `${API}/setting`, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it("shows an operator's edit on the very next read, with a new ETag", async () => {
    const before = await t.request({ method: 'GET', url: `${API}/setting` });
    const res = await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/settings',
      token: op.token,
      payload: { name: 'متجر القياس' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.request({
      method: 'GET',
      url: `${API}/setting`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.setting.name).toBe('متجر القياس');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
