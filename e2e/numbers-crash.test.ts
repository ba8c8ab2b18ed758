import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { NumbersProviderStub } from '../server/test/numbers-provider-stub';
import { callApi, eventually } from './harness/api';
import { type FreshDatabase, onFreshPostgres, onFreshSqlite } from './harness/fresh-database';
import { startStore } from './harness/server';
import { createCustomer } from './harness/store-db';

const ADMIN = '/admin/api/v1';
const PUBLIC = '/public/api/v1';
// A lease short enough that the restarted store takes over the killed one's purchases quickly.
const WORKER = {
  // An empty store: the demo's own numbers provider and services would stand where the stub's go.
  RASEED_DEMO: '0',
  NUMBERS_POLL_MS: '200',
  NUMBERS_BACKOFF_MS: '200',
  NUMBERS_LEASE_MS: '1500',
  NUMBERS_TIMEOUT_MS: '60000',
};

/**
 * Two purchases in flight when the server is killed: A's getNumber was sent and its answer never
 * came back (the provider made a number), B already has its number and waits for the SMS.
 */
async function crashJourney({ env, open }: FreshDatabase) {
  const stub = await new NumbersProviderStub().start();
  let store = await startStore({ ...env, ...WORKER });
  try {
    const op = await createCustomer(store, { role: 'operator' });
    expect((await callApi(store, 'PATCH', `${ADMIN}/settings`, op.token, { online: true })).status).toBe(200);
    expect(
      (
        await callApi(store, 'PATCH', `${ADMIN}/numbers/provider`, op.token, {
          name: 'مزود',
          base_url: stub.url,
          api_key: stub.apiKey,
        })
      ).status,
    ).toBe(200);
    const service = await callApi(store, 'POST', `${ADMIN}/numbers/services`, op.token, {
      service: 'wa',
      country: '6',
      name: 'واتساب',
      country_name: 'إندونيسيا',
      price: '1.25',
    });
    // A service is on sale once the provider's price list says it has numbers.
    expect((await callApi(store, 'POST', `${ADMIN}/numbers/provider/sync`, op.token)).status).toBe(200);
    const buy = async (token: string) => {
      const res = await callApi(store, 'POST', `${PUBLIC}/numbers`, token, {
        service_id: service.json.data.service.id,
      });
      expect(res.status).toBe(201);
      return res.json.data.purchase.id as number;
    };
    const read = async (token: string, id: number) =>
      (await callApi(store, 'GET', `${PUBLIC}/numbers/${id}`, token)).json.data.purchase;

    const b = await createCustomer(store, { balance: 2_000_000 });
    stub.reset({ smsAfterMs: null });
    const bId = await buy(b.token);
    await eventually(
      () => read(b.token, bId),
      (p) => p.phone !== null,
    );

    const a = await createCustomer(store, { balance: 2_000_000 });
    stub.script.getNumber = 'hold';
    const aId = await buy(a.token);
    await eventually(
      () => stub.count('getNumber'),
      (n) => n === 2,
    );

    await store.kill();
    // After the restart a second getNumber would succeed, and B's SMS is there: nothing hides a repeat.
    stub.script.getNumber = 'number';
    stub.script.smsAfterMs = 0;
    store = await startStore({ ...env, ...WORKER });

    const aEnd = await eventually(
      () => read(a.token, aId),
      (p) => p.status === 'refunded',
    );
    const bEnd = await eventually(
      () => read(b.token, bId),
      (p) => p.status === 'received',
    );
    expect(aEnd.phone).toBeNull();
    expect(bEnd.codes).toEqual(['482913']);
    // Give a wrongly repeating worker time to show itself.
    await new Promise((r) => setTimeout(r, 1500));
    expect(stub.count('getNumber')).toBe(2);
    const [bNumber, orphan] = stub.rented();
    expect(bNumber!.phone).toBe(bEnd.phone);
    expect(orphan!.status).toBe('cancel');

    const h = await open();
    try {
      const rows = await h.db
        .selectFrom('ledger')
        .select(['ref_id', 'credit', 'debit'])
        .where('ref_type', '=', 'number')
        .execute();
      const of = (id: number) => rows.filter((r) => Number(r.ref_id) === id);
      expect(
        of(aId)
          .map((r) => (r.debit > 0 ? 'debit' : 'credit'))
          .sort(),
      ).toEqual(['credit', 'debit']);
      expect(of(bId).map((r) => (r.debit > 0 ? 'debit' : 'credit'))).toEqual(['debit']);
      const report = await verifyLedger(h.db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
    } finally {
      await h.close();
    }
  } finally {
    await store.stop();
    await stub.close();
  }
}

describe('killing the server with SIGKILL mid-purchase: one number, one debit, at most one refund', () => {
  it('on the SQLite file', () => onFreshSqlite('raseed-numbers-crash-', crashJourney), 120_000);

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.runIf(pgUrl)(
    'on PostgreSQL (TEST_DATABASE_URL)',
    () => onFreshPostgres(pgUrl ?? '', 'raseed_numbers_crash_', crashJourney),
    120_000,
  );
});
