import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundError } from '../src/kernel/outbound';
import { demoSignIns, isDemoStore, resetDemoPassword } from '../src/modules/demo';
import { startDemoUpstreams } from '../src/seed/demo-upstreams';
import { setupApp, type TestApp } from './helper';

// The demo seed marks its database and keeps its sign-ins; a store set up by hand has no mark,
// so the demo's stand-in provider and supplier never start there (server.ts asks isDemoStore).
let demo: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [demo, plain] = await Promise.all([setupApp({ seed: true }), setupApp()]);
});
afterAll(async () => {
  await Promise.all([demo.close(), plain.close()]);
});

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/public/api/v1/login', payload: { email, password } });

describe('the demo store', () => {
  it('is marked by the seed, and a store without the seed is not', async () => {
    expect(await isDemoStore(demo.db)).toBe(true);
    expect(await isDemoStore(plain.db)).toBe(false);
    expect(await demoSignIns(plain.db, plain.config.sealer)).toEqual([]);
  });

  it('keeps each sign-in until its password changes, in unambiguous signs', async () => {
    const signIns = await demoSignIns(demo.db, demo.config.sealer);
    expect(signIns.map((s) => [s.role, s.email])).toEqual([
      ['customer', 'customer@raseed.demo'],
      ['operator', 'operator@raseed.demo'],
    ]);
    for (const s of signIns) {
      expect(s.password).toMatch(/^[A-HJ-KM-NP-Za-km-np-z2-9]{14}$/);
      expect((await login(demo, s.email, s.password!)).statusCode).toBe(200);
    }
    expect(signIns[1]!.setupKey).toMatch(/^[A-Z2-7]{32}$/);

    const customer = signIns[0]!;
    // The customer changes it on the profile page, as a person would.
    const headers = {
      authorization: `Bearer ${(await login(demo, customer.email, customer.password!)).json().data.token}`,
    };
    const confirm = { method: 'POST' as const, url: '/public/api/v1/user/confirm-password', headers };
    expect((await demo.app.inject({ ...confirm, payload: { password: customer.password } })).statusCode).toBe(200);
    const changed = await demo.app.inject({
      method: 'POST',
      url: '/public/api/v1/profile',
      headers,
      payload: { name: 'أحمد', email: customer.email, phone: '+963944000222', password: 'a-new-password-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await demoSignIns(demo.db, demo.config.sealer);
    expect(after[0]!.password).toBeNull();
    expect(after[1]!.password).toBe(signIns[1]!.password);

    const reset = await resetDemoPassword(demo.db, demo.config.sealer, 'Customer@raseed.demo');
    expect(reset?.password).not.toBe(customer.password);
    expect((await demoSignIns(demo.db, demo.config.sealer))[0]!.password).toBe(reset!.password);
    expect((await login(demo, customer.email, reset!.password!)).statusCode).toBe(200);
    expect(await resetDemoPassword(demo.db, demo.config.sealer, 'someone@else.test')).toBeNull();
  });

  it('reaches its stand-ins by their names through a guard that refuses loopback', async () => {
    const guard = createOutbound({ allowPrivate: false });
    const upstreams = await startDemoUpstreams(guard);
    try {
      const url = 'http://demo-numbers.raseed.invalid/stubs/handler_api.php?api_key=demo-numbers-key&action=getBalance';
      expect((await guard.request(url, { timeoutMs: 2000 })).body.toString()).toBe('ACCESS_BALANCE:100.00');
      const refused = await guard.request('http://127.0.0.1/', { timeoutMs: 1000 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OutboundError);
      expect((refused as OutboundError).kind).toBe('refused');
      // Over https the name is not served locally: it goes to the resolver, which knows no .invalid name.
      const https = await guard.request('https://demo-numbers.raseed.invalid/', { timeoutMs: 1000 }).catch((e) => e);
      expect((https as OutboundError).kind).toBe('unreachable');
    } finally {
      await upstreams.close();
    }
  });
});
