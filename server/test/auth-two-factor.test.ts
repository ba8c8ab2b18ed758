import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishSignIn } from '../src/modules/accounts/sign-in';
import { completeChallenge } from '../src/modules/accounts/two-factor-service';
import { sha256 } from '../src/kernel/crypto';
import {
  API,
  arabic,
  challenge,
  enableTwoFactor,
  freshIp,
  login,
  me,
  openChallenge,
  totpCode,
  wrongCode,
} from './auth-helpers';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

const CODE_WRONG = 'رمز التحقق غير صحيح أو مستخدم من قبل';
const EXPIRED = 'انتهت صلاحية طلب التحقق، يرجى تسجيل الدخول من جديد';
const sessionsOf = async (userId: number) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

describe('setting two-factor up', () => {
  it('shows a QR image and a setup key, keeping the secret encrypted at rest', async () => {
    const created = await t.createUser();
    // A password sign-in: turning two-factor on needs the password fresh on the session.
    const user = { ...created, token: (await login(t, created.email, created.password)).json().data.token };
    const res = await t.request({ method: 'GET', url: `${API}/enable`, token: user.token });
    expect(res.statusCode).toBe(200);
    const { qrCode, setupKey } = res.json().data;
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_pending_secret).toBeTruthy();
    expect(row.totp_pending_secret).not.toContain(setupKey);
    expect(row.totp_enabled).toBe(0);
  });

  it('refuses a wrong confirmation code and stays off', async () => {
    const created = await t.createUser();
    const user = { ...created, token: (await login(t, created.email, created.password)).json().data.token };
    const { setupKey } = (await t.request({ method: 'GET', url: `${API}/enable`, token: user.token })).json().data;
    const res = await t.request({
      method: 'POST',
      url: `${API}/user/confirmed-two-factor-authentication`,
      token: user.token,
      payload: { code: wrongCode(setupKey) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([CODE_WRONG]);
    expect((await me(t, user.token)).json().data.user.is_enable2fa).toBe(false);
  });

  it('confirms with a code: 8 single-use backup codes, stored hashed, other sessions ended', async () => {
    const user = await t.createUser();
    const other = (await login(t, user.email, user.password)).json().data.token;
    const { codes } = await enableTwoFactor(t, user);
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    const stored = await t.db.selectFrom('backup_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(8);
    expect(stored.some((s) => codes.some((c) => s.code_hash.includes(c.replace('-', ''))))).toBe(false);
    expect((await me(t, user.token)).json().data.user.is_enable2fa).toBe(true);
    expect((await me(t, other)).statusCode).toBe(401);
  });

  it('never overwrites a confirmed secret', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const before = await t.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const again = await t.request({ method: 'GET', url: `${API}/enable`, token: user.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(arabic);
    const after = await t.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.totp_secret).toBe(before.totp_secret);
    const id2fa = await openChallenge(t, user);
    expect((await challenge(t, id2fa, totpCode(secret))).statusCode).toBe(200);
  });
});

describe('POST /two-factor-challenge', () => {
  it('asks for the second factor at login and signs in with a current code', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const res = await login(t, user.email, user.password, { device_token: 'fcm-2fa' });
    expect(res.json().data).toEqual({ id2fa: expect.any(String), remember: false });
    const id2fa: string = res.json().data.id2fa;
    expect(id2fa).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);

    const ok = await t.request({
      method: 'POST',
      url: `${API}/two-factor-challenge`,
      payload:
        `--b\r\nContent-Disposition: form-data; ` +
        `name="id"\r\n\r\n${id2fa}\r\n--b\r\nContent-Disposition: form-data; ` +
        `name="remember"\r\n\r\nfalse\r\n--b\r\nContent-Disposition: form-data; ` +
        `name="code"\r\n\r\n${totpCode(secret)}\r\n--b--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      remoteAddress: freshIp(),
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.data.user.id).toBe(user.id);
    expect(body.token).toBe(body.data.token);
    expect((await me(t, body.token)).statusCode).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select('device_token')
      .where('token_hash', '=', sha256(body.token))
      .executeTakeFirstOrThrow();
    expect(session.device_token).toBe('fcm-2fa');
  });

  it(
    'refuses a code used before: the confirming code, the same code ' + 'again, and an older step after a newer one',
    async () => {
      const user = await t.createUser();
      const { secret, confirmCode } = await enableTwoFactor(t, user);
      const replayConfirm = await challenge(t, await openChallenge(t, user), confirmCode);
      expect(replayConfirm.statusCode).toBe(422);
      expect(replayConfirm.json().msg).toBe(CODE_WRONG);

      const next = totpCode(secret, 1);
      expect((await challenge(t, await openChallenge(t, user), next)).statusCode).toBe(200);
      for (const code of [next, totpCode(secret)]) {
        const res = await challenge(t, await openChallenge(t, user), code);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.code).toEqual([CODE_WRONG]);
      }
    },
  );

  it(
    'gives exactly one session to 20 parallel challenges with one valid code ' +
      '[a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const user = await t.createUser();
      const { secret } = await enableTwoFactor(t, user);
      const ids = await Promise.all(Array.from({ length: 20 }, () => openChallengeDirect(user.email)));
      const before = await sessionsOf(user.id);
      const code = totpCode(secret);
      const results = await Promise.allSettled(ids.map((id) => completeChallenge(t.db, t.config, 1, { id, code })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason.status).toBe(422);
      expect((await sessionsOf(user.id)) - before).toBe(1);
    },
  );

  it(
    'gives exactly one session to 20 parallel HTTP requests with one code on one ' +
      'challenge [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const user = await t.createUser();
      const { secret } = await enableTwoFactor(t, user);
      const id2fa = await openChallenge(t, user);
      const before = await sessionsOf(user.id);
      const code = totpCode(secret);
      const results = await Promise.all(Array.from({ length: 20 }, () => challenge(t, id2fa, code)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect([401, 422, 429]).toContain(r.statusCode);
        expect(r.json().msg).toMatch(arabic);
      }
      expect((await sessionsOf(user.id)) - before).toBe(1);
    },
  );

  it(
    'uses a backup code once, and one backup code raced 20 times yields one ' +
      'session [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const user = await t.createUser();
      const { codes } = await enableTwoFactor(t, user);
      const first = codes[0]!;
      expect((await challenge(t, await openChallenge(t, user), first.toLowerCase().replace('-', ' '))).statusCode).toBe(
        200,
      );
      const again = await challenge(t, await openChallenge(t, user), first);
      expect(again.statusCode).toBe(422);
      expect(again.json().msg).toBe(CODE_WRONG);

      const ids = await Promise.all(Array.from({ length: 20 }, () => openChallengeDirect(user.email)));
      const results = await Promise.allSettled(
        ids.map((id) => completeChallenge(t.db, t.config, 1, { id, code: codes[1]! })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const used = await t.db
        .selectFrom('backup_codes')
        .select('id')
        .where('user_id', '=', user.id)
        .where('used_at', 'is not', null)
        .execute();
      expect(used).toHaveLength(2);
    },
  );

  it('refuses a made-up, tampered, replayed or expired challenge id', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const real = await openChallenge(t, user);
    const [ref, sig] = real.split('.') as [string, string];
    const madeUp = [String(user.id), `${ref}.${'A'.repeat(sig.length)}`, `${'B'.repeat(32)}.${sig}`, `${real}.x`];
    for (const id of madeUp) {
      const res = await challenge(t, id, totpCode(secret));
      expect(res.statusCode, id).toBe(401);
      expect(res.json().msg).toBe(EXPIRED);
    }
    expect((await challenge(t, real, totpCode(secret))).statusCode).toBe(200);
    const replay = await challenge(t, real, totpCode(secret, 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe(EXPIRED);

    const late = await openChallenge(t, user);
    await t.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    expect((await challenge(t, late, totpCode(secret, 1))).statusCode).toBe(401);
  });

  it("does not accept another user's code on a challenge", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    await enableTwoFactor(t, alice);
    const bobSetup = await enableTwoFactor(t, bob);
    const aliceChallenge = await openChallenge(t, alice);
    const res = await challenge(t, aliceChallenge, totpCode(bobSetup.secret));
    expect(res.statusCode).toBe(422);
    expect((await challenge(t, aliceChallenge, bobSetup.codes[0]!)).statusCode).toBe(422);
  });

  it('refuses the 6th challenge attempt of one account within a minute with a 429', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const id2fa = await openChallenge(t, user);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await challenge(t, id2fa, wrongCode(secret))).statusCode);
    const sixth = await challenge(t, id2fa, totpCode(secret));
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(arabic);
  });

  it('ends a challenge after 5 wrong codes, even before the rate limit resets', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const id = await openChallengeDirect(user.email);
    for (let i = 0; i < 5; i++) {
      await expect(completeChallenge(t.db, t.config, 1, { id, code: wrongCode(secret) })).rejects.toMatchObject({
        status: 422,
      });
    }
    await expect(completeChallenge(t.db, t.config, 1, { id, code: totpCode(secret) })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('turning two-factor off', () => {
  it('ends every other session, drops the backup codes and no longer asks for a code', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    const elsewhere = (await challenge(t, await openChallenge(t, user), totpCode(secret))).json().token;
    expect((await me(t, elsewhere)).statusCode).toBe(200);

    const confirmed = await t.request({
      method: 'POST',
      url: `${API}/user/confirm-password`,
      token: user.token,
      payload: { password: user.password },
    });
    expect(confirmed.statusCode).toBe(200);
    const res = await t.request({ method: 'DELETE', url: `${API}/user/two-factor-authentication`, token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.is_enable2fa).toBe(false);
    const stale = await me(t, elsewhere);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toMatch(arabic);
    expect(await t.db.selectFrom('backup_codes').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    const again = await login(t, user.email, user.password);
    expect(again.json().data.token).toEqual(expect.any(String));
  });
});

/** Opens a challenge the way /login does once the password matched, without the login limit. */
async function openChallengeDirect(email: string): Promise<string> {
  const row = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const out = await finishSignIn(t.db, t.config, row, { deviceToken: null, remember: false });
  if (!('id2fa' in out)) throw new Error('two-factor is off');
  return out.id2fa;
}
