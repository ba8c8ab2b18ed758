import { expect } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { NumbersProviderStub } from './numbers-provider-stub';
import { ADMIN, PUBLIC } from './operator-fixtures';

export type NumbersWorld = { t: TestApp; stub: NumbersProviderStub; op: TestUser; serviceId: number };

/**
 * A store with `online` on, the stub provider configured through the console, and one service (WhatsApp, Indonesia,
 * 1.25 $).
 */
export async function numbersWorld(env: Record<string, string> = {}): Promise<NumbersWorld> {
  const stub = await new NumbersProviderStub().start();
  const t = await setupApp({
    // The timeout is what a held answer waits for; 400 ms was less than the stand-in's first answer
    // once took on a slow machine under CI's three lanes (the setup's price sync failed with 503).
    env: { NUMBERS_BACKOFF_MS: '10', NUMBERS_MAX_ATTEMPTS: '3', NUMBERS_TIMEOUT_MS: '2000', ...env },
  });
  const op = await t.createUser({ role: 'operator' });
  await setOnline(t, op, true);
  const provider = await t.request({
    method: 'PATCH',
    url: `${ADMIN}/numbers/provider`,
    token: op.token,
    payload: { name: 'مزود الأرقام', base_url: stub.url, api_key: stub.apiKey },
  });
  expect(provider.statusCode, provider.body).toBe(200);
  const service = await t.request({
    method: 'POST',
    url: `${ADMIN}/numbers/services`,
    token: op.token,
    payload: {
      service: 'wa',
      country: '6',
      name: 'واتساب',
      country_name: 'إندونيسيا',
      price: '1.25',
      price_syr: '18000',
      price_tr: '42',
    },
  });
  expect(service.statusCode, service.body).toBe(201);
  // The provider's price list says how many numbers it has: a service never listed is sold out.
  const sync = await t.request({ method: 'POST', url: `${ADMIN}/numbers/provider/sync`, token: op.token });
  expect(sync.statusCode, sync.body).toBe(200);
  return { t, stub, op, serviceId: service.json().data.service.id };
}

export async function setOnline(t: TestApp, op: TestUser, online: boolean) {
  const res = await t.request({ method: 'PATCH', url: `${ADMIN}/settings`, token: op.token, payload: { online } });
  expect(res.statusCode, res.body).toBe(200);
}

export async function buy(w: NumbersWorld, customer: TestUser, headers: Record<string, string> = {}) {
  const res = await w.t.request({
    method: 'POST',
    url: `${PUBLIC}/numbers`,
    token: customer.token,
    payload: { service_id: w.serviceId },
    headers,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().data.purchase as { id: number; status: string; phone: string | null; codes: string[] };
}

export async function purchase(w: NumbersWorld, customer: TestUser, id: number, headers: Record<string, string> = {}) {
  const res = await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/${id}`, token: customer.token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.purchase as {
    id: number;
    status: string;
    phone: string | null;
    codes: string[];
    expires_at: string | null;
  };
}

/**
 * Runs the worker until `done` holds; fails after 15 s (5 s ran out once on Node 24 under CI load,
 * where a quiet run takes well under one).
 */
export async function until(w: NumbersWorld, done: () => Promise<boolean>) {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    await w.t.app.numbersWorker.runDue();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the purchase did not reach the expected state');
}

/** The window ends now: the test moves the purchase's deadline instead of waiting 20 minutes. */
export async function endWindow(w: NumbersWorld, id: number) {
  await w.t.db
    .updateTable('number_activations')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString(), next_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function refundsOf(w: NumbersWorld, id: number) {
  return w.t.db
    .selectFrom('ledger')
    .selectAll()
    .where('ref_type', '=', 'number')
    .where('ref_id', '=', id)
    .where('credit', '>', 0)
    .execute();
}

export async function closeWorld(w: NumbersWorld | undefined) {
  await w?.t.close();
  await w?.stub.close();
}
