import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/kernel/crypto';
import { API, arabic, freshIp, login, me } from './auth-helpers';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

/** The password again on this session: e-mail and password changes need it (else 423). */
async function confirmPassword(u: { token: string; password: string }): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: `${API}/user/confirm-password`,
    token: u.token,
    payload: { password: u.password },
  });
  expect(res.statusCode).toBe(200);
}

const register = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.request({ method: 'POST', url: `${API}/register`, payload, remoteAddress: ip });
const newcomer = (email: string) => ({
  name: 'سارة',
  email,
  phone: '+963933000111',
  password: 'long-enough-1',
  device_token: 'fcm-device-1',
});

describe('POST /register', () => {
  it('creates the customer and signs them in with the login reply shape', async () => {
    const res = await register(newcomer('  Sara@Example.COM '));
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json().data;
    expect(user).toMatchObject({
      name: 'سارة',
      email: 'sara@example.com',
      balance: '0.00',
      is_enable2fa: false,
      role: 'customer',
      has_password: true,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|password_hash|totp/);
    expect((await me(t, token)).json().data.user.id).toBe(user.id);

    const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    // argon2id at the test runner's cheap cost; operator-cli.test.ts checks the production cost.
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.token_hash).toBe(sha256(token));
    expect(session.device_token).toBe('fcm-device-1');
  });

  it('refuses a taken e-mail, whatever its case and spacing, naming the field', async () => {
    await register(newcomer('taken@example.com'));
    const res = await register(newcomer(' TAKEN@example.com'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['البريد الإلكتروني مستخدم من قبل']);
  });

  it('names every bad field in Arabic: bad e-mail, missing name and phone, short password', async () => {
    const res = await register({ email: 'not-an-email', name: '   ', password: 'short' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.msg).toMatch(arabic);
    expect(body.errors).toEqual({
      email: ['يرجى إدخال البريد الإلكتروني بشكل صحيح'],
      name: ['يرجى إدخال الاسم بشكل صحيح'],
      phone: ['يرجى إدخال رقم الهاتف بشكل صحيح'],
      password: ['أدخل كلمة مرور أطول من 8 أحرف'],
    });
  });

  it('limits the length of every field', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const cases = {
      name: long(121),
      email: `${long(250)}@x.co`,
      phone: long(41),
      password: long(129),
      device_token: long(513),
    };
    for (const [field, value] of Object.entries(cases)) {
      const res = await register({ ...newcomer(`len-${field}@example.com`), [field]: value });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]?.[0], field).toMatch(arabic);
    }
  });

  it('accepts a urlencoded form, as the spec sends it', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/register`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ali&email=ali%40example.com&phone=0999&password=12345678&device_token=',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('ali@example.com');
  });

  it(
    'creates one account when the same e-mail registers 10 times at once [a ' +
      'race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => register(newcomer('race@example.com'))));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(422);
        expect(r.json().errors.email[0]).toMatch(arabic);
      }
      const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute();
      expect(rows).toHaveLength(1);
    },
  );
});

describe('POST /login', () => {
  it('signs in with the password and keeps the device token on the session', async () => {
    const user = await t.createUser({ email: 'login-ok@example.com' });
    const res = await login(t, ' Login-OK@example.com ', user.password, { device_token: 'fcm-login' });
    expect(res.statusCode).toBe(200);
    const { user: dto, token } = res.json().data;
    expect(dto.id).toBe(user.id);
    expect((await me(t, token)).statusCode).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select('device_token')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(session.device_token).toBe('fcm-login');
  });

  it('answers a wrong password, an unknown e-mail and a password-less account alike', async () => {
    const user = await t.createUser();
    await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    const known = await t.createUser();
    const replies = [
      await login(t, known.email, 'wrong-password'),
      await login(t, 'nobody@example.com', 'whatever-1'),
      await login(t, user.email, user.password),
      await login(t, '', ''),
    ];
    for (const r of replies) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({
        status: 'error',
        code: 'unauthorized',
        msg: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      });
    }
  });

  it('refuses the 6th attempt on one account from one address within a minute with a 429', async () => {
    const user = await t.createUser();
    const ip = freshIp();
    const from = (password: string) =>
      t.request({ method: 'POST', url: `${API}/login`, payload: { email: user.email, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await from('wrong-password')).statusCode).toBe(401);
    const sixth = await from(user.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(arabic);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits an unknown e-mail exactly like a known one', async () => {
    const statuses = [];
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await t.request({
            method: 'POST',
            url: `${API}/login`,
            payload: { email: 'ghost@example.com', password: 'x-password' },
            remoteAddress: ip,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('refuses the 21st attempt from one address within a minute', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const r = await t.request({
        method: 'POST',
        url: `${API}/login`,
        payload: { email: `spray${i}@example.com`, password: 'p' },
        remoteAddress: ip,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /me needs a token', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/me` });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(arabic);
  });

  it('POST /logout revokes the token on the server', async () => {
    const user = await t.createUser();
    const out = await t.request({ method: 'POST', url: `${API}/logout`, token: user.token });
    expect(out.statusCode).toBe(200);
    const after = await me(t, user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
  });

  it('refuses an expired token', async () => {
    const user = await t.createUser();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(user.token))
      .execute();
    expect((await me(t, user.token)).statusCode).toBe(401);
  });
});

describe('POST /profile', () => {
  const save = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `${API}/profile`, token, payload });

  it('shows the spec messages beside the fields', async () => {
    const user = await t.createUser();
    const res = await save(user.token, { name: '', email: 'x@', phone: ' ', password: '1234567' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['يرجى إدخال الاسم بشكل صحيح'],
      email: ['يرجى إدخال البريد الإلكتروني بشكل صحيح'],
      phone: ['يرجى إدخال رقم الهاتف بشكل صحيح'],
      password: ['أدخل كلمة مرور أطول من 8 أحرف'],
    });
  });

  it('keeps the password when it is left empty', async () => {
    const user = await t.createUser();
    const res = await save(user.token, { name: 'اسم جديد', email: user.email, phone: '0999', password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'اسم جديد', phone: '0999' });
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const user = await t.createUser();
    const other = (await login(t, user.email, user.password)).json().data.token;
    await confirmPassword(user);
    const res = await save(user.token, { name: 'n', email: user.email, phone: '1', password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await me(t, user.token)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it("refuses another account's e-mail", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await confirmPassword(b);
    const res = await save(b.token, { name: 'n', email: a.email.toUpperCase(), phone: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['البريد الإلكتروني مستخدم من قبل']);
  });

  it("never reads or changes another user's profile, whatever ids the request carries", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await confirmPassword(b);
    const res = await save(b.token, { id: a.id, user_id: a.id, name: 'مخترق', email: 'b-new@example.com', phone: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(b.id);
    const aRow = await t.db.selectFrom('users').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(aRow.name).not.toBe('مخترق');
    expect(aRow.email).toBe(a.email);
    const seen = await t.request({ method: 'GET', url: `${API}/me?id=${a.id}`, token: b.token });
    expect(seen.json().data.user.id).toBe(b.id);
  });

  it('needs a session', async () => {
    const res = await save('', { name: 'n', email: 'n@example.com', phone: '1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('Google sign-in when no client id is configured', () => {
  it('tells the web app to hide the button and refuses the call', async () => {
    const options = await t.request({ method: 'GET', url: `${API}/auth/options` });
    expect(options.json().data).toEqual({ google_client_id: null, password_reset: false });
    const res = await t.request({
      method: 'POST',
      url: `${API}/auth/google`,
      payload: { credential: 'x.y.z' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(arabic);
  });
});
