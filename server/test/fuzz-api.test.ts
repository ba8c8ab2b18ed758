import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions';
import { encodeBody, urlFor } from './fuzz/encode';
import { hostileParam } from './fuzz/hostile-values';
import { expectLedgerVerifies, callsUpstream, expectSafeReply, moneyState } from './fuzz/invariants';
import { type ApiRoute, apiRoutes, routeName } from './fuzz/openapi-routes';
import { conforming, hostileBody } from './fuzz/schema-values';
import { createOutbound } from '../src/kernel/outbound';
import { setupApp } from './helper';

/** CI runs a fixed seed and a bounded number of cases; FUZZ_RUNS / FUZZ_SEED for longer hunts. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20240509);

// A fuzzed supplier or provider address is tried on save: every name resolves to loopback, so
// nothing leaves the machine (the guard's own refusals are outbound.test.ts's).
const loopbackOnly = createOutbound({
  allowPrivate: true,
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
});
const t = await setupApp({ seed: true, config: { outbound: loopbackOnly } });
const customer = await t.createUser({ balance: 500_000_000 });
const operator = await t.createUser({ role: 'operator', balance: 0 });
const routes = apiRoutes(t.app);

afterAll(async () => {
  await expectLedgerVerifies(t.db);
  await t.close();
});

type Who = 'customer' | 'operator' | 'nobody' | 'forged';

/** A fresh session per case, so a fuzzed logout or password change never starves later cases. */
async function tokenFor(who: Who): Promise<string | undefined> {
  if (who === 'nobody') return undefined;
  if (who === 'forged') return 'A'.repeat(43);
  return createSession(t.db, who === 'operator' ? operator.id : customer.id, { ttlDays: 1 });
}

function caseFor(route: ApiRoute) {
  const values = fc.record(
    Object.fromEntries(
      route.params.map((p) => [
        p.name,
        p.in === 'path'
          ? fc.oneof(fc.constantFrom('1', '2', '3', '4'), hostileParam)
          : fc.option(
              fc.oneof(
                conforming(p.schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
                hostileParam,
              ),
              { nil: undefined },
            ),
      ]),
    ) as Record<string, fc.Arbitrary<string | undefined>>,
  );
  const types = Object.keys(route.bodies);
  const body = types.length
    ? fc.constantFrom(...types).chain((type) => hostileBody(route.bodies[type] ?? {}).map((b) => ({ type, b })))
    : fc.constant(null);
  const who = fc.constantFrom<Who>(
    ...(route.admin
      ? (['operator', 'operator', 'operator', 'customer'] as const)
      : (['customer', 'customer', 'customer', 'operator', 'nobody', 'forged'] as const)),
  );
  return fc.record({ values, body, who });
}

describe('fuzzing every API route from the OpenAPI document', () => {
  it('found the routes of both APIs', () => {
    expect(routes.some((r) => r.admin)).toBe(true);
    expect(routes.some((r) => r.path === '/public/api/v1/orders/{id}')).toBe(true);
  });

  it.each(
    routes.map((r) => [routeName(r), r] as const),
  )('%s: never a 5xx, Arabic msg on 4xx, a refusal changes no money', async (name, route) => {
    await fc.assert(
      fc.asyncProperty(caseFor(route), async ({ values, body, who }) => {
        const headers: Record<string, string> = {};
        for (const p of route.params)
          if (p.in === 'header' && values[p.name] !== undefined) headers[p.name] = values[p.name] as string;
        const encoded = body ? encodeBody(body.type, body.b) : {};
        const before = await moneyState(t.db);
        const res = await t.request({
          method: route.method,
          url: urlFor(route, values as Record<string, string>),
          token: await tokenFor(who),
          ...encoded,
          headers: { ...headers, ...encoded.headers },
        });
        expectSafeReply(res, name, { upstream: callsUpstream(route.path) });
        if (res.statusCode >= 400)
          expect(await moneyState(t.db), `${name} refused with ${res.statusCode} but changed money`).toBe(before);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
