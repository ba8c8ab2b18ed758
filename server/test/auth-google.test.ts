import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleVerifier } from '../src/modules/accounts/google-token';
import { API, arabic, challenge, enableTwoFactor, freshIp, login, me, totpCode } from './auth-helpers';
import { setupApp, type TestApp } from './helper';

// A stand-in for Google's key server on loopback: the real verification path (fetching the
// key set, RS256 signature, issuer, audience, expiry) runs against keys this test owns.
const CLIENT_ID = 'raseed-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';
const KID = 'test-key-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let jwksServer: Server;
let t: TestApp;

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await setupApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

let subjects = 0;
function claims(over: JWTPayload = {}): JWTPayload {
  subjects += 1;
  return {
    sub: `1000${subjects}`,
    email: `g${subjects}@gmail.com`,
    email_verified: true,
    name: 'Google User',
    ...over,
  };
}

async function idToken(
  payload: JWTPayload,
  opts: { key?: KeyPair['privateKey']; aud?: string; iss?: string; exp?: number; kid?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  // Each token Google issues is new (its own jti); the server accepts a token once.
  return new SignJWT({ jti: randomUUID(), ...payload })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? KID })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(opts.key ?? keys.privateKey);
}

const google = (credential: string, extra: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `${API}/auth/google`, payload: { credential, ...extra }, remoteAddress: freshIp() });

describe('POST /auth/google', () => {
  it('publishes the client id so the web app shows the button', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/auth/options` });
    expect(res.json().data).toEqual({ google_client_id: CLIENT_ID, password_reset: false });
  });

  it('creates a password-less customer on first sign-in and finds it again by subject', async () => {
    const c = claims({ email: ' New.Person@Gmail.com ', name: 'نور' });
    const first = await google(await idToken(c), { device_token: 'fcm-g' });
    expect(first.statusCode).toBe(200);
    const { user, token } = first.json().data;
    expect(user).toMatchObject({ name: 'نور', email: 'new.person@gmail.com', has_password: false, role: 'customer' });
    expect((await me(t, token)).statusCode).toBe(200);

    // The same Google account with a changed e-mail is still the same user.
    const second = await google(await idToken({ ...c, email: 'renamed@gmail.com' }));
    expect(second.json().data.user.id).toBe(user.id);

    // No placeholder password exists: the e-mail cannot be used with any password.
    for (const guess of ['', 'password', '12345678', 'google-placeholder']) {
      expect((await login(t, 'new.person@gmail.com', guess)).statusCode).toBe(401);
    }
  });

  it('lets a Google account set a password later through the profile', async () => {
    const first = (await google(await idToken(claims({ email: 'later@gmail.com' })))).json().data;
    const save = await t.request({
      method: 'POST',
      url: `${API}/profile`,
      token: first.token,
      payload: { name: 'later', email: 'later@gmail.com', phone: '0999', password: 'my-own-password' },
    });
    expect(save.json().data.user.has_password).toBe(true);
    expect((await login(t, 'later@gmail.com', 'my-own-password')).statusCode).toBe(200);
  });

  it(
    "does not sign in as the password user who owns the token's " + "e-mail: it asks for that account's password",
    async () => {
      const owner = await t.createUser({ email: 'victim@example.com' });
      const res = await google(await idToken(claims({ email: 'VICTIM@example.com' })));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ link_required: true, email: 'victim@example.com' });
      const row = await t.db
        .selectFrom('users')
        .select(['google_subject', 'id'])
        .where('email', '=', owner.email)
        .executeTakeFirstOrThrow();
      expect(row.google_subject).toBeNull();
    },
  );

  it('refuses expired, forged, wrong-audience, wrong-issuer, unsigned and unverified tokens', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ ...claims(), iss: ISSUER, aud: CLIENT_ID, exp: now + 600, iat: now }),
    ).toString('base64url');
    const cases: Record<string, string> = {
      expired: await idToken(claims(), { exp: now - 60 }),
      forged: await idToken(claims(), { key: strangerKey }),
      wrongAudience: await idToken(claims(), { aud: 'someone-else.apps.googleusercontent.com' }),
      wrongIssuer: await idToken(claims(), { iss: 'https://evil.example.com' }),
      unknownKey: await idToken(claims(), { kid: 'other-kid', key: strangerKey }),
      unsigned: `${header}.${body}.`,
      unverifiedEmail: await idToken(claims({ email_verified: false })),
      garbage: 'not-a-jwt',
    };
    const before = await t.db.selectFrom('users').select('id').execute();
    for (const [name, credential] of Object.entries(cases)) {
      const res = await google(credential);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().msg, name).toMatch(arabic);
    }
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it('honours two-factor like /login', async () => {
    const first = (await google(await idToken(claims({ sub: 'sub-2fa', email: 'twofa@gmail.com' })))).json().data;
    const { secret } = await enableTwoFactor(t, {
      id: first.user.id,
      email: 'twofa@gmail.com',
      password: '',
      token: first.token,
    });
    const res = await google(await idToken(claims({ sub: 'sub-2fa', email: 'twofa@gmail.com' })));
    expect(res.json().data).toEqual({ id2fa: expect.any(String), remember: false });
    const done = await challenge(t, res.json().data.id2fa, totpCode(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.id).toBe(first.user.id);
    // A password login cannot open a challenge for this account: it has no password.
    expect((await login(t, 'twofa@gmail.com', 'any-password')).statusCode).toBe(401);
  });

  it(
    'creates one account when one Google account signs in 5 times at once ' +
      '[a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const c = claims();
      const tokens = await Promise.all(Array.from({ length: 5 }, () => idToken(c)));
      const results = await Promise.all(tokens.map((tk) => google(tk)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().data.user.id)).size).toBe(1);
    },
  );
});

describe('when the key server cannot be reached', () => {
  it('fails with a 503 and an Arabic msg, not as a bad token', async () => {
    const verify = googleVerifier({ ...t.config, googleJwksUrl: 'http://127.0.0.1:9/certs' })!;
    const failure = await verify(await idToken(claims())).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 503, message: expect.stringMatching(arabic) });
  });
});

const linkGoogle = (credential: string, password: string) =>
  t.request({
    method: 'POST',
    url: `${API}/auth/google/link`,
    payload: { credential, password },
    remoteAddress: freshIp(),
  });
const subjectOf = async (email: string) =>
  (await t.db.selectFrom('users').select('google_subject').where('email', '=', email).executeTakeFirstOrThrow())
    .google_subject;

describe('POST /auth/google/link: a password account meets its Google account', () => {
  it('links once with the account password, then Google alone signs in to the same account', async () => {
    const owner = await t.createUser({ email: 'agent@example.com', balance: 3_000_000 });
    const credential = await idToken(claims({ sub: 'sub-agent', email: 'agent@example.com' }));
    expect((await google(credential)).json().data).toEqual({ link_required: true, email: 'agent@example.com' });

    const wrong = await linkGoogle(credential, 'not-the-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      msg: 'كلمة المرور غير صحيحة',
      errors: { password: ['كلمة المرور غير صحيحة'] },
    });
    expect(await subjectOf(owner.email)).toBeNull();

    const linked = await linkGoogle(credential, owner.password);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.user).toMatchObject({
      id: owner.id,
      email: 'agent@example.com',
      balance: '3.00',
      has_password: true,
    });
    expect((await me(t, linked.json().data.token)).statusCode).toBe(200);

    const later = await google(await idToken(claims({ sub: 'sub-agent', email: 'agent@example.com' })));
    expect(later.json().data.user.id).toBe(owner.id);
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('refuses an account already linked to another Google account, with a 409 that says what to do', async () => {
    const owner = await t.createUser({ email: 'taken@example.com' });
    await linkGoogle(await idToken(claims({ sub: 'sub-first', email: 'taken@example.com' })), owner.password);
    const other = await idToken(claims({ sub: 'sub-second', email: 'taken@example.com' }));
    for (const res of [await google(other), await linkGoogle(other, owner.password)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('هذا البريد الإلكتروني مرتبط بحساب Google آخر، يرجى تسجيل الدخول بكلمة المرور');
    }
    expect(await subjectOf(owner.email)).toBe(`${ISSUER.replace('https://', '')}|sub-first`);
  });

  it('still asks for the second factor after linking', async () => {
    const owner = await t.createUser({ email: 'twofa-link@example.com' });
    await enableTwoFactor(t, owner);
    const res = await linkGoogle(
      await idToken(claims({ sub: 'sub-link-2fa', email: 'twofa-link@example.com' })),
      owner.password,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id2fa: expect.any(String) });
    expect(res.json().data.token).toBeUndefined();
  });

  it('needs a valid Google token and a password', async () => {
    const owner = await t.createUser({ email: 'forged-link@example.com' });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await linkGoogle(
      await idToken(claims({ email: 'forged-link@example.com' }), { key: privateKey }),
      owner.password,
    );
    expect(forged.statusCode).toBe(401);
    const empty = await linkGoogle(await idToken(claims({ email: 'forged-link@example.com' })), '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.password).toEqual(['يرجى إدخال كلمة المرور']);
    expect(await subjectOf(owner.email)).toBeNull();
  });
});

describe('Google tokens: issued-at and replay', () => {
  it('refuses a token issued in the future beyond a small skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    const future = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now + 3600)
      .setExpirationTime(now + 7200)
      .sign(keys.privateKey);
    const res = await google(future);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(arabic);
  });

  it('accepts a token once: the same token again (by jti, or by its hash without one) is refused', async () => {
    const c = claims();
    const token = await idToken({ ...c, jti: undefined });
    expect((await google(token)).statusCode).toBe(200);
    const replay = await google(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toMatch(arabic);

    const withJti = await idToken({ ...claims(), jti: 'jti-once-1' });
    expect((await google(withJti)).statusCode).toBe(200);
    // Another token carrying the same jti is the same token.
    expect((await google(await idToken({ ...claims(), jti: 'jti-once-1' }))).statusCode).toBe(401);
  });
});

describe('a Google-only account confirms with Google, never with a two-factor code', () => {
  const confirm = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `${API}/user/confirm-password`, token, payload, remoteAddress: freshIp() });
  const setup = (token: string) => t.request({ method: 'GET', url: `${API}/enable`, token });

  it('a fresh ID token of the linked Google account confirms; another account, a replay or none does not', async () => {
    const c = claims();
    const { token } = (await google(await idToken(c))).json().data;
    // The Google sign-in itself confirmed the session; three hours later it no longer counts.
    expect((await setup(token)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ confirmed_at: new Date(Date.now() - 3 * 3600_000 - 1000).toISOString() })
      .execute();
    t.app.caches.sessions.forget(() => true);
    const locked = await setup(token);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toMatch(arabic);

    const noPassword = await confirm(token, { password: 'anything-at-all' });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.password[0]).toMatch(arabic);
    const stranger = await confirm(token, { credential: await idToken(claims()) });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.password[0]).toMatch(arabic);
    expect((await setup(token)).statusCode).toBe(423);

    const fresh = await idToken({ ...c, jti: randomUUID() });
    expect((await confirm(token, { credential: fresh })).statusCode).toBe(200);
    expect((await setup(token)).statusCode).toBe(200);
    // The same ID token confirms once; the session is still signed in after the refusal.
    expect((await confirm(token, { credential: fresh })).statusCode).toBe(422);
    expect((await me(t, token)).statusCode).toBe(200);
  });
});
