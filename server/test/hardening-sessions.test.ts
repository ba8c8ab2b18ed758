import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_SESSION_MS } from '../src/modules/accounts/sessions';
import { sha256 as sha } from '../src/kernel/crypto';
import { API, arabic, enableTwoFactor, freshIp, login, me, totpCode } from './auth-helpers';
import { setupApp, type TestApp } from './helper';
import { ADMIN } from './operator-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const save = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `${API}/profile`, token, payload });
const confirm = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `${API}/user/confirm-password`, token, payload, remoteAddress: freshIp() });
/** Moves the session's confirmation (or expiry) into the past, as time passing would. */
async function age(token: string, patch: { confirmed_at?: string | null; expires_at?: string }): Promise<void> {
  await t.db.updateTable('sessions').set(patch).where('token_hash', '=', sha(token)).execute();
  t.app.caches.sessions.forget(() => true); // as the 5-second session cache would by then
}

describe('a stolen token cannot take the account over', () => {
  it('changing the e-mail or the password without a recent confirmation is a 423 with an Arabic msg', async () => {
    const user = await t.createUser();
    for (const body of [
      { name: 'n', email: 'thief@example.com', phone: '1' },
      { name: 'n', email: user.email, phone: '1', password: 'thief-password-1' },
    ]) {
      const res = await save(user.token, body);
      expect(res.statusCode).toBe(423);
      expect(res.json().msg).toMatch(arabic);
    }
    // The name and phone still change freely.
    expect((await save(user.token, { name: 'اسم', email: user.email, phone: '2' })).statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select(['email']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
  });

  it('a wrong password does not confirm; the right one does, for a limited time', async () => {
    const user = await t.createUser();
    const wrong = await confirm(user.token, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password[0]).toMatch(arabic);
    expect((await confirm(user.token, { password: user.password })).statusCode).toBe(200);
    expect((await save(user.token, { name: 'n', email: `new-${user.email}`, phone: '1' })).statusCode).toBe(200);
    // Three hours later it must be confirmed again.
    await age(user.token, { confirmed_at: new Date(Date.now() - 3 * 3600_000 - 1000).toISOString() });
    expect((await save(user.token, { name: 'n', email: `again-${user.email}`, phone: '1' })).statusCode).toBe(423);
  });

  it('disabling two-factor needs a confirmation too, which a 2FA code never gives, only the password', async () => {
    const user = await t.createUser();
    const { secret } = await enableTwoFactor(t, user);
    await age(user.token, { confirmed_at: null });
    const off = () => t.request({ method: 'DELETE', url: `${API}/user/two-factor-authentication`, token: user.token });
    const refused = await off();
    expect(refused.statusCode).toBe(423);
    expect(refused.json().msg).toMatch(arabic);
    const byCode = await confirm(user.token, { code: totpCode(secret, 1) });
    expect(byCode.statusCode).toBe(422);
    expect(byCode.json().msg).toMatch(arabic);
    expect((await off()).statusCode).toBe(423);
    expect((await confirm(user.token, { password: user.password })).statusCode).toBe(200);
    expect((await off()).statusCode).toBe(200);
  });

  it('a stolen token cannot turn two-factor on and lock the owner out', async () => {
    const owner = await t.createUser();
    const ownerToken = (await login(t, owner.email, owner.password)).json().data.token;
    // The thief holds a token whose password confirmation (if any) is long past.
    const stolen = (await login(t, owner.email, owner.password)).json().data.token;
    await age(stolen, { confirmed_at: new Date(Date.now() - 3 * 3600_000 - 1000).toISOString() });

    const setup = await t.request({ method: 'GET', url: `${API}/enable`, token: stolen });
    expect(setup.statusCode).toBe(423);
    expect(setup.json().msg).toMatch(arabic);
    const confirmOn = await t.request({
      method: 'POST',
      url: `${API}/user/confirmed-two-factor-authentication`,
      token: stolen,
      payload: { code: '123456' },
    });
    expect(confirmOn.statusCode).toBe(423);

    // Nothing changed for the owner: two-factor is off, their session lives, sign-in needs no code.
    const row = await t.db
      .selectFrom('users')
      .select(['totp_enabled', 'totp_pending_secret'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_enabled: 0, totp_pending_secret: null });
    expect((await me(t, ownerToken)).statusCode).toBe(200);
    const again = await login(t, owner.email, owner.password);
    expect(again.json().data.token).toEqual(expect.any(String));
    // And with no way to confirm but the password, the e-mail stays the owner's.
    expect((await save(stolen, { name: 'n', email: 'thief@example.com', phone: '1' })).statusCode).toBe(423);
  });

  it('a password sign-in counts as a fresh confirmation', async () => {
    const user = await t.createUser();
    const token = (await login(t, user.email, user.password)).json().data.token;
    expect((await save(token, { name: 'n', email: `fresh-${user.email}`, phone: '1' })).statusCode).toBe(200);
  });
});

describe('remember at sign-in', () => {
  it('without it the session ends after a day without use; with it, it lasts TOKEN_TTL_DAYS', async () => {
    const user = await t.createUser();
    const short = (await login(t, user.email, user.password)).json().data.token;
    const long = (await login(t, user.email, user.password, { remember: 'true' } as never)).json().data.token;
    const expiry = async (token: string) =>
      Date.parse(
        (
          await t.db
            .selectFrom('sessions')
            .select('expires_at')
            .where('token_hash', '=', sha(token))
            .executeTakeFirstOrThrow()
        ).expires_at,
      );
    expect((await expiry(short)) - Date.now()).toBeLessThanOrEqual(IDLE_SESSION_MS);
    expect((await expiry(long)) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Used within the day, the short session slides forward.
    await age(short, { expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await me(t, short)).statusCode).toBe(200);
    expect((await expiry(short)) - Date.now()).toBeGreaterThan(IDLE_SESSION_MS - 60_000);
    // A day without use ends it.
    await age(short, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await me(t, short)).statusCode).toBe(401);
    expect((await me(t, long)).statusCode).toBe(200);
  });
});

describe('operators must have two-factor on', () => {
  it('every console call from an operator without it is a 403 leading to /enable-2fa', async () => {
    const op = await t.createUser({ role: 'operator' });
    await t.db.updateTable('users').set({ totp_enabled: 0, totp_secret: null }).where('id', '=', op.id).execute();
    const token = (await login(t, op.email, op.password)).json().data.token;
    for (const url of ['/stats', '/orders', '/users']) {
      const res = await t.request({ method: 'GET', url: `${ADMIN}${url}`, token });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toContain('/enable-2fa');
      expect(res.json().msg).toMatch(arabic);
    }
    // The way out stays open: two-factor setup through the account API.
    await enableTwoFactor(t, { ...op, token });
    expect((await t.request({ method: 'GET', url: `${ADMIN}/stats`, token })).statusCode).toBe(200);
  });
});
