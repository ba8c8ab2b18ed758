import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { sha256 } from '../src/kernel/crypto';
import { API, arabic, enableTwoFactor, freshIp, login, me } from './auth-helpers';
import { setupApp, type TestApp } from './helper';
import { resetLinkOf, type SmtpSink, startSmtpSink } from './smtp-sink';

const STORE = 'https://shop.example.test';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await setupApp({
    env: { SMTP_URL: sink.url, PUBLIC_URL: STORE, SMTP_FROM: 'متجر رصيد <no-reply@shop.example.test>' },
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const forgot = (email: string, ip = freshIp()) =>
  t.request({ method: 'POST', url: `${API}/password/forgot`, payload: { email }, remoteAddress: ip });

const reset = (token: string, password: string, ip = freshIp()) =>
  t.request({ method: 'POST', url: `${API}/password/reset`, payload: { token, password }, remoteAddress: ip });

/** Asks for a link for `email` and waits for the mail the SMTP server receives. */
async function mailedLink(email: string) {
  const before = sink.mails.length;
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await sink.next((m) => sink.mails.indexOf(m) >= before && m.to.includes(email));
  return { mail, ...resetLinkOf(mail) };
}

describe('forgot password: the link by e-mail', () => {
  it('tells the web app that reset links are mailed', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/auth/options` });
    expect(res.json().data).toMatchObject({ password_reset: true });
  });

  it('mails a link to the store address through a real SMTP conversation, in Arabic', async () => {
    const user = await t.createUser();
    const { mail, url, token } = await mailedLink(user.email);
    expect(mail.from).toBe('no-reply@shop.example.test');
    expect(mail.subject).toContain('تعيين كلمة مرور جديدة');
    expect(mail.text).toMatch(/مرحباً مستخدم \d+،/);
    expect(mail.text).toContain('30 دقيقة');
    expect(url).toBe(`${STORE}/reset-password#${token}`);
    // The HTML reads right to left and carries the same link.
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(`href="${url}"`);
    // Only the token's hash is stored.
    const rows = await t.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nothing for it', async () => {
    const known = await t.createUser();
    const unknown = `nobody-${Date.now()}@test.local`;
    const a = await forgot(unknown);
    const b = await forgot(known.email);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json().msg).toMatch(arabic);
    await sink.next((m) => m.to.includes(known.email));
    // The unknown address was asked for first; had a mail gone out for it, it would be here by now.
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('limits links per e-mail (3 an hour), the same for an unknown one', async () => {
    const user = await t.createUser();
    const unknown = `limit-${Date.now()}@test.local`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode).toBe(200);
      const res = await forgot(email);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().msg).toMatch(arabic);
    }
  });

  it('limits one address to 20 requests an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await forgot(`ip-${i}-${Date.now()}@test.local`, ip)).statusCode).toBe(200);
    expect((await forgot(`ip-last-${Date.now()}@test.local`, ip)).statusCode).toBe(429);
  });
});

describe('setting the new password through the link', () => {
  it('works once: the new password signs in, the old one and every session end, with the reason', async () => {
    const user = await t.createUser({ password: 'old-password-1' });
    // A trusted device from an earlier sign-in.
    const signedIn = await login(t, user.email, 'old-password-1');
    expect(signedIn.statusCode).toBe(200);
    const { token } = await mailedLink(user.email);

    const done = await reset(token, 'new-password-2');
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe('تم تعيين كلمة المرور الجديدة. سجّل الدخول بها الآن.');

    // Every session of the account ended, and says why.
    for (const session of [user.token, signedIn.json().data.token as string]) {
      const res = await me(t, session);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(
        'تم تسجيل خروجك لأن كلمة مرور حسابك أُعيد تعيينها عبر البريد الإلكتروني. سجّل الدخول بكلمة المرور الجديدة.',
      );
    }
    // The trusted devices are forgotten.
    const devices = await t.db.selectFrom('trusted_devices').select('user_id').where('user_id', '=', user.id).execute();
    expect(devices).toHaveLength(0);
    expect((await login(t, user.email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(t, user.email, 'new-password-2')).statusCode).toBe(200);

    const again = await reset(token, 'third-password-3');
    expect(again.statusCode).toBe(422);
    const used = 'استُخدم رابط تعيين كلمة المرور هذا من قبل. اطلب رابطاً جديداً إن احتجت.';
    expect(again.json().errors.token).toEqual([used]);
    expect((await login(t, user.email, 'new-password-2')).statusCode).toBe(200);
  });

  it('keeps two-factor: a reset password still needs the code', async () => {
    const user = await t.createUser();
    await enableTwoFactor(t, user);
    const { token } = await mailedLink(user.email);
    expect((await reset(token, 'brand-new-pass')).statusCode).toBe(200);
    const res = await login(t, user.email, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id2fa).toEqual(expect.any(String));
    expect(res.json().data.token).toBeUndefined();
  });

  it('refuses an expired link, an unknown one, and the other links of an account once one was used', async () => {
    const user = await t.createUser();
    const first = await mailedLink(user.email);
    const second = await mailedLink(user.email);
    const third = await mailedLink(user.email);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .where('token_hash', '=', sha256(first.token))
      .execute();
    const expired = await reset(first.token, 'whatever-long');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().msg).toBe('انتهت صلاحية رابط تعيين كلمة المرور (30 دقيقة). اطلب رابطاً جديداً.');

    const unknown = await reset('A'.repeat(43), 'whatever-long');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.token[0]).toMatch(/غير صحيح/);

    // Two links were still alive; using one retires the other.
    expect((await reset(second.token, 'second-password')).statusCode).toBe(200);
    const retired = await reset(third.token, 'third-password');
    expect(retired.statusCode).toBe(422);
    expect(retired.json().msg).toMatch(/استُخدم/);
  });

  it('holds the new password to the registration rules', async () => {
    const user = await t.createUser();
    const { token } = await mailedLink(user.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['أدخل كلمة مرور أطول من 8 أحرف']);
    // The refused attempt did not spend the link.
    expect((await reset(token, 'long-enough-now')).statusCode).toBe(200);
  });

  it('lets one of ten racing uses of a link through', async () => {
    const user = await t.createUser();
    const { token } = await mailedLink(user.email);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(token, `racing-password-${i}`)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(9);
    const winner = results.indexOf(ok[0]!);
    expect((await login(t, user.email, `racing-password-${winner}`)).statusCode).toBe(200);
  });
});

describe('a session signed out from elsewhere says why', () => {
  it('turning two-factor on ends the other sessions with that reason', async () => {
    const user = await t.createUser();
    const other = await login(t, user.email, user.password);
    await enableTwoFactor(t, user);
    const res = await me(t, other.json().data.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(
      'تم تسجيل خروجك لأن المصادقة الثنائية فُعّلت على حسابك من جهاز آخر. ' +
        'سجّل الدخول من جديد بكلمة المرور ورمز التحقق.',
    );
    // The session that turned it on goes on.
    expect((await me(t, user.token)).statusCode).toBe(200);
  });

  it('an unknown token still gets the plain "session ended"', async () => {
    const res = await me(t, 'x'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
  });
});

describe('a store without SMTP_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await setupApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('offers no reset link and says how to reach the store instead', async () => {
    expect((await bare.request({ method: 'GET', url: `${API}/auth/options` })).json().data.password_reset).toBe(false);
    const res = await bare.request({
      method: 'POST',
      url: `${API}/password/forgot`,
      payload: { email: 'someone@test.local' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(/واتساب/);
  });

  it('refuses to start with SMTP_URL but no PUBLIC_URL (a link built from the Host header could be forged)', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: bare.dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: bare.dataDir })).toThrow(/PUBLIC_URL/);
  });
});
