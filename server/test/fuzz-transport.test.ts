import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions';
import { urlFor } from './fuzz/encode';
import { expectLedgerVerifies, callsUpstream, expectSafeReply, moneyState } from './fuzz/invariants';
import { malformedBodies } from './fuzz/malformed-bodies';
import { apiRoutes, routeName } from './fuzz/openapi-routes';
import { setupApp } from './helper';

// A small upload limit so an oversized receipt stays under the 1 MiB body limit of this test.
const t = await setupApp({ seed: true, env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
const customer = await t.createUser({ balance: 100_000_000 });
const operator = await t.createUser({ role: 'operator' });
const writeRoutes = apiRoutes(t.app).filter((r) => r.method !== 'GET');
const bodies = malformedBodies(t.config.uploadMaxBytes);

afterAll(async () => {
  await expectLedgerVerifies(t.db);
  await t.close();
});

describe('malformed bodies on every route that takes one', () => {
  it.each(
    writeRoutes.map((r) => [routeName(r), r] as const),
  )('%s: refused with an Arabic msg, nothing written', async (name, route) => {
    for (const body of bodies) {
      const token = await createSession(t.db, route.admin ? operator.id : customer.id, { ttlDays: 1 });
      const before = await moneyState(t.db);
      const res = await t.request({
        method: route.method,
        url: urlFor(route, {}),
        token,
        payload: body.payload,
        headers: body.contentType ? { 'content-type': body.contentType } : {},
      });
      expectSafeReply(res, `${name} with ${body.name}`, { upstream: callsUpstream(route.path) });
      if (res.statusCode >= 400) expect(await moneyState(t.db), `${name} with ${body.name}`).toBe(before);
    }
  });

  it('a body over 1 MiB is refused with 413 and an Arabic msg', async () => {
    const big = bodies.find((b) => b.name === 'JSON over the 1 MiB body limit');
    const res = await t.request({
      method: 'POST',
      url: '/public/api/v1/login',
      payload: big?.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expectSafeReply(res, 'oversized login');
  });

  it('a receipt over UPLOAD_MAX_BYTES is refused with 413 and stores no charge', async () => {
    const big = bodies.find((b) => b.name === 'multipart file over the upload limit');
    const res = await t.request({
      method: 'POST',
      url: '/public/api/v1/banks',
      token: customer.token,
      payload: big?.payload,
      headers: { 'content-type': big?.contentType ?? '' },
    });
    expect(res.statusCode).toBe(413);
    expectSafeReply(res, 'oversized receipt');
    expect(await t.db.selectFrom('charges').select('id').execute()).toEqual([]);
  });
});
