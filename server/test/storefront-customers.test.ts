import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { work } from '../src/kernel/unit-of-work';
import { ensureOperator } from '../src/modules/users';
import { credit } from '../src/modules/wallet';
import { API, challenge, enableTwoFactor, freshIp, totpCode } from './auth-helpers';
import { OPERATOR_TOTP_SECRET, setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { resetLinkOf, type SmtpSink, startSmtpSink } from './smtp-sink';

// Customers belong to one storefront (issue 34, second slice): the same e-mail holds two accounts
// on two storefronts; a customer's token, API key, push subscription and saved players are no
// one's on another storefront's host; sign-in and the reset mail work within the request's
// storefront; operators sign in and call on any host.

const PROVIDER = 'https://provider.example.test';
const A = 'a.localhost';
const B = 'b.localhost';
const CLIENT_ID = 'raseed-test.apps.googleusercontent.com';
const USD = 1_000_000;

let t: TestApp;
let sink: SmtpSink;
let op: TestUser;
let jwksServer: Server;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let storefrontA: number;
let storefrontB: number;

/** The test app as seen through one host: every request carries it. */
const via = (host: string): TestApp => ({
  ...t,
  request: (o) => t.request({ ...o, headers: { ...(o.headers ?? {}), host } }),
});

const register = (host: string, email: string, password = 'correct-horse-9') =>
  t.request({
    method: 'POST',
    url: `${API}/register`,
    headers: { host },
    payload: { name: 'زبون', email, phone: '+963944000111', password },
    remoteAddress: freshIp(),
  });

const signIn = (host: string, email: string, password: string) =>
  t.request({
    method: 'POST',
    url: `${API}/login`,
    headers: { host },
    payload: { email, password },
    remoteAddress: freshIp(),
  });

const get = (host: string, url: string, token: string) =>
  t.request({ method: 'GET', url: `${API}${url}`, headers: { host }, token });

/** A customer registered on `host`, as the helpers' TestUser. */
async function customerOn(host: string, email: string, password = 'correct-horse-9'): Promise<TestUser> {
  const res = await register(host, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.user.id, email, password, token: res.json().data.token };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await setupApp({
    env: {
      PUBLIC_URL: PROVIDER,
      SMTP_URL: sink.url,
      SMTP_FROM: 'متجر المزوّد <no-reply@provider.example.test>',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    },
  });
  op = await t.createUser({ role: 'operator' });
  for (const [name, host] of [
    ['متجر ألف', A],
    ['متجر باء', B],
  ] as const) {
    const made = await t.request({
      method: 'POST',
      url: `${ADMIN}/storefronts`,
      token: op.token,
      payload: { name, hosts: [host], origins: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id: number = made.json().data.storefront.id;
    if (host === A) storefrontA = id;
    else storefrontB = id;
    // The reset mail and its sender speak with the storefront's own name (its settings').
    const named = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/settings?storefront=${id}`,
      token: op.token,
      payload: { name },
    });
    expect(named.statusCode, named.body).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

describe('one e-mail, one account per storefront', () => {
  it('registers the same e-mail on A and on B as two accounts with their own balances', async () => {
    const email = 'twice@test.local';
    const onA = await customerOn(A, email);
    const onB = await customerOn(B, email, 'another-horse-7');
    expect(onB.id).not.toBe(onA.id);
    await work(t.db, (trx) => credit(trx, onA.id, 5 * USD, 'رصيد اختبار', { type: 'adjust', id: null }));
    const meA = await get(A, '/me', onA.token);
    const meB = await get(B, '/me', onB.token);
    expect(meA.json().data.user).toMatchObject({ id: onA.id, email, balance: '5.00' });
    expect(meB.json().data.user).toMatchObject({ id: onB.id, email, balance: '0.00' });
    // Within one storefront the e-mail is still taken.
    const again = await register(A, email);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toBeDefined();
  });

  it("signs in with A's credentials on A only: on B they fail like a wrong password", async () => {
    const user = await customerOn(A, `only-a-${randomUUID()}@test.local`);
    expect((await signIn(A, user.email, user.password)).statusCode).toBe(200);
    const onB = await signIn(B, user.email, user.password);
    const wrong = await signIn(A, user.email, 'not-the-password-1');
    expect(onB.statusCode).toBe(401);
    expect(onB.json()).toEqual(wrong.json());
    // The provider's own store (storefront 1) is another storefront too.
    expect((await signIn('provider.example.test', user.email, user.password)).statusCode).toBe(401);
  });
});

describe("a customer's token on another storefront", () => {
  it("is a 401 exactly as an unknown token's, both ways", async () => {
    const a = await customerOn(A, `tok-a-${randomUUID()}@test.local`);
    const b = await customerOn(B, `tok-b-${randomUUID()}@test.local`);
    const unknown = await get(B, '/me', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    const aOnB = await get(B, '/me', a.token);
    const bOnA = await get(A, '/me', b.token);
    expect(aOnB.statusCode).toBe(401);
    expect(bOnA.statusCode).toBe(401);
    expect(aOnB.json()).toEqual(unknown.json());
    expect(bOnA.json()).toEqual(unknown.json());
    // At home they work, also after the refusal was cached.
    expect((await get(A, '/me', a.token)).statusCode).toBe(200);
    expect((await get(B, '/me', b.token)).statusCode).toBe(200);
    expect((await get(B, '/me', a.token)).statusCode).toBe(401);
  });

  it('says nothing on another storefront about a session that ended', async () => {
    const a = await customerOn(A, `out-${randomUUID()}@test.local`);
    const other: string = (await signIn(A, a.email, a.password)).json().data.token;
    // A new password ends the account's other sessions, and they are told why.
    const onA = via(A);
    await onA.request({
      method: 'POST',
      url: `${API}/user/confirm-password`,
      token: a.token,
      payload: { password: a.password },
    });
    const changed = await onA.request({
      method: 'POST',
      url: `${API}/profile`,
      token: a.token,
      payload: { name: 'زبون', email: a.email, phone: '+963944000111', password: 'brand-new-horse-4' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const home = await get(A, '/me', other);
    const away = await get(B, '/me', other);
    const unknown = await get(B, '/me', 'y'.repeat(43));
    expect(home.statusCode).toBe(401);
    expect(home.json().msg).not.toBe(unknown.json().msg);
    expect(away.json()).toEqual(unknown.json());
  });

  it('reaches neither saved players nor push subscriptions on another storefront', async () => {
    const a = await customerOn(A, `things-${randomUUID()}@test.local`);
    const saved = await t.request({
      method: 'POST',
      url: `${API}/players`,
      headers: { host: A },
      token: a.token,
      payload: { type: 'id', player_id: '5551234', label: 'حسابي' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(A, '/players', a.token)).json().data.players).toHaveLength(1);
    expect((await get(B, '/players', a.token)).statusCode).toBe(401);
    const subscribe = await t.request({
      method: 'DELETE',
      url: `${API}/push-subscription`,
      headers: { host: B },
      token: a.token,
    });
    expect(subscribe.statusCode).toBe(401);
  });

  it("refuses an API key of A's customer on B like an unknown key", async () => {
    const a = await customerOn(A, `key-${randomUUID()}@test.local`);
    const allow = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/users/${a.id}`,
      token: op.token,
      payload: { api_access: true },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    const onA = via(A);
    await onA.request({
      method: 'POST',
      url: `${API}/user/confirm-password`,
      token: a.token,
      payload: { password: a.password },
    });
    const made = await onA.request({
      method: 'POST',
      url: `${API}/api-keys`,
      token: a.token,
      payload: { name: 'مفتاح ألف', mode: 'live' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key: string = made.json().data.api_key.token;
    expect((await get(A, '/me', key)).statusCode).toBe(200);
    const away = await get(B, '/me', key);
    expect(away.statusCode).toBe(401);
    // The same key with its last character changed: unknown, whatever its checksum says.
    const forged = `${key.slice(0, 4)}${'A'.repeat(key.length - 4)}`;
    const unknown = await get(B, '/me', forged);
    expect(away.json()).toEqual(unknown.json());
    // Still fine at home after the refusal: the cached key carries its storefront.
    expect((await get(A, '/me', key)).statusCode).toBe(200);
    expect((await get(B, '/me', key)).statusCode).toBe(401);
  });

  it("finishes a customer's two-factor sign-in only on its own storefront", async () => {
    const a = await customerOn(A, `tfa-${randomUUID()}@test.local`);
    const { secret } = await enableTwoFactor(via(A), a);
    const first = await signIn(A, a.email, a.password);
    const id: string = first.json().data.id2fa;
    expect(id).toBeTruthy();
    const away = await challenge(via(B), id, totpCode(secret, 1));
    expect(away.statusCode).toBe(401);
    const home = await challenge(via(A), id, totpCode(secret, 1));
    expect(home.statusCode, home.body).toBe(200);
    expect((await get(A, '/me', home.json().token)).statusCode).toBe(200);
  });
});

describe('Google sign-in per storefront', () => {
  const idToken = (sub: string, email: string) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ jti: randomUUID(), sub, email, email_verified: true, name: 'Google User' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 3600)
      .sign(keys.privateKey);
  };
  const google = async (host: string, sub: string, email: string) =>
    t.request({
      method: 'POST',
      url: `${API}/auth/google`,
      headers: { host },
      payload: { credential: await idToken(sub, email) },
      remoteAddress: freshIp(),
    });

  it('makes one account per storefront for one Google account, each signing in at home', async () => {
    const onA = await google(A, '777001', 'g777@gmail.com');
    const onB = await google(B, '777001', 'g777@gmail.com');
    expect(onA.statusCode, onA.body).toBe(200);
    expect(onB.statusCode, onB.body).toBe(200);
    const idA = onA.json().data.user.id;
    expect(onB.json().data.user.id).not.toBe(idA);
    // The second sign-in on A finds A's account again.
    expect((await google(A, '777001', 'g777@gmail.com')).json().data.user.id).toBe(idA);
    expect((await get(B, '/me', onA.json().data.token)).statusCode).toBe(401);
  });
});

describe('the reset mail of a storefront', () => {
  it("finds only B's account and links to B's host, in B's name", async () => {
    const email = `reset-${randomUUID()}@test.local`;
    const a = await customerOn(A, email, 'a-password-11');
    const b = await customerOn(B, email, 'b-password-22');
    const before = sink.mails.length;
    const asked = await t.request({
      method: 'POST',
      url: `${API}/password/forgot`,
      headers: { host: B },
      payload: { email },
      remoteAddress: freshIp(),
    });
    expect(asked.statusCode).toBe(200);
    const mail = await sink.next((m) => sink.mails.indexOf(m) >= before && m.to.includes(email));
    const { url, token } = resetLinkOf(mail);
    expect(url).toBe(`https://${B}/reset-password#${token}`);
    expect(mail.subject).toContain('متجر باء');
    expect(mail.sender).toBe('متجر باء');
    expect(mail.from).toBe('no-reply@provider.example.test');
    // On another storefront's host the link is unknown, like a made-up one.
    const elsewhere = await t.request({
      method: 'POST',
      url: `${API}/password/reset`,
      headers: { host: A },
      payload: { token, password: 'b-new-password-33' },
      remoteAddress: freshIp(),
    });
    const madeUp = await t.request({
      method: 'POST',
      url: `${API}/password/reset`,
      headers: { host: A },
      payload: { token: 'z'.repeat(43), password: 'b-new-password-33' },
      remoteAddress: freshIp(),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual(madeUp.json());
    const done = await t.request({
      method: 'POST',
      url: `${API}/password/reset`,
      headers: { host: B },
      payload: { token, password: 'b-new-password-33' },
      remoteAddress: freshIp(),
    });
    expect(done.statusCode, done.body).toBe(200);
    // B's account took the new password; A's keeps its own, and its session lives on.
    expect((await signIn(B, email, 'b-new-password-33')).statusCode).toBe(200);
    expect((await signIn(A, email, 'a-password-11')).statusCode).toBe(200);
    expect((await get(A, '/me', a.token)).statusCode).toBe(200);
    expect((await get(B, '/me', b.token)).statusCode).toBe(401);
    // Only one mail went out: A's account was never asked about.
    expect(sink.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("keeps storefront 1's mail as before: PUBLIC_URL's link and SMTP_FROM's name", async () => {
    const user = await t.createUser();
    const before = sink.mails.length;
    await t.request({
      method: 'POST',
      url: `${API}/password/forgot`,
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    const mail = await sink.next((m) => sink.mails.indexOf(m) >= before && m.to.includes(user.email));
    expect(resetLinkOf(mail).url.startsWith(`${PROVIDER}/reset-password#`)).toBe(true);
    expect(mail.sender).toBe('متجر المزوّد');
  });
});

describe('operators on every host', () => {
  it('sign in on B (two-factor included) and call with one token on every host', async () => {
    const first = await signIn(B, op.email, op.password);
    expect(first.statusCode, first.body).toBe(200);
    const done = await challenge(via(B), first.json().data.id2fa, totpCode(OPERATOR_TOTP_SECRET, 1));
    expect(done.statusCode, done.body).toBe(200);
    const token: string = done.json().token;
    for (const host of [A, B, 'provider.example.test']) {
      expect((await get(host, '/me', token)).statusCode).toBe(200);
      const users = await t.request({ method: 'GET', url: `${ADMIN}/users`, headers: { host }, token });
      expect(users.statusCode).toBe(200);
    }
  });

  it("lists one storefront's customers with ?storefront= and shows each user's storefront", async () => {
    const a = await customerOn(A, `list-${randomUUID()}@test.local`);
    const onA = await t.request({ method: 'GET', url: `${ADMIN}/users?storefront=${storefrontA}`, token: op.token });
    expect(onA.statusCode, onA.body).toBe(200);
    const listed: { id: number; storefront_id: number | null }[] = onA.json().data.users;
    expect(listed.map((u) => u.id)).toContain(a.id);
    expect(listed.every((u) => u.storefront_id === storefrontA)).toBe(true);
    const onB = await t.request({ method: 'GET', url: `${ADMIN}/users?storefront=${storefrontB}`, token: op.token });
    expect(onB.json().data.users.map((u: { id: number }) => u.id)).not.toContain(a.id);
    const detail = await t.request({ method: 'GET', url: `${ADMIN}/users/${a.id}`, token: op.token });
    expect(detail.json().data.user).toMatchObject({ id: a.id, storefront_id: storefrontA });
    const operator = await t.request({ method: 'GET', url: `${ADMIN}/users/${op.id}`, token: op.token });
    expect(operator.json().data.user.storefront_id).toBeNull();
    const missing = await t.request({ method: 'GET', url: `${ADMIN}/users?storefront=999`, token: op.token });
    expect(missing.statusCode).toBe(404);
  });

  it("makes no operator of an e-mail another storefront's customer holds; promotes the provider's", async () => {
    const theirs = await customerOn(B, `staff-${randomUUID()}@test.local`);
    await expect(ensureOperator(t.db, { email: theirs.email, password: 'operator-pass-1' })).rejects.toThrow(
      /storefront/,
    );
    const ours = await t.createUser();
    const promoted = await ensureOperator(t.db, { email: ours.email });
    expect(promoted).toMatchObject({ id: ours.id, outcome: 'promoted' });
    const shown = await t.request({ method: 'GET', url: `${ADMIN}/users/${ours.id}`, token: op.token });
    expect(shown.json().data.user).toMatchObject({ role: 'operator', storefront_id: null });
  });

  it("refuses a customer's registration with an operator's e-mail on every storefront", async () => {
    for (const host of [A, B]) expect((await register(host, op.email)).statusCode).toBe(422);
  });
});
