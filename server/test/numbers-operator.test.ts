import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../src/modules/wallet/ledger';
import { verifyLedger } from '../src/modules/wallet/verify';
import { formatLedgerReport } from '../src/modules/wallet/verify-report';
import { testEngine } from './helper';
import {
  buy,
  closeWorld,
  type NumbersWorld,
  numbersWorld,
  purchase,
  refundsOf,
  setOnline,
  until,
} from './numbers-fixtures';
import { ADMIN, balanceOf, PUBLIC } from './operator-fixtures';

let w: NumbersWorld;
beforeAll(async () => {
  w = await numbersWorld();
});
afterAll(() => closeWorld(w));

const audits = (action: string) => w.t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe(`operator console for number purchases (${testEngine})`, () => {
  it('keeps the provider key encrypted and never returns it', async () => {
    const res = await w.t.request({ method: 'GET', url: `${ADMIN}/numbers/provider`, token: w.op.token });
    expect(res.json().data.provider).toMatchObject({
      name: 'مزود الأرقام',
      base_url: w.stub.url,
      has_api_key: true,
      window_minutes: 20,
    });
    expect(res.body).not.toContain(w.stub.apiKey);
    const row = await w.t.db.selectFrom('number_providers').select('api_key_enc').executeTakeFirstOrThrow();
    expect(row.api_key_enc).not.toContain(w.stub.apiKey);
    // A blank key keeps the stored one; the window changes.
    const save = await w.t.request({
      method: 'PATCH',
      url: `${ADMIN}/numbers/provider`,
      token: w.op.token,
      payload: { name: 'مزود الأرقام', base_url: w.stub.url, api_key: '', window_minutes: 15 },
    });
    expect(save.json().data.provider.window_minutes).toBe(15);
    expect((await audits('numbers.provider.update')).at(-1)!.after).not.toContain(w.stub.apiKey);
    const balance = await w.t.request({ method: 'GET', url: `${ADMIN}/numbers/provider/balance`, token: w.op.token });
    expect(balance.json().data.balance).toBe('125.50');
  });

  it('syncs availability and cost from the price list; the customer sees how many numbers there are', async () => {
    // The world's own setup synced once already.
    const synced = (await audits('numbers.sync')).length;
    const sync = await w.t.request({ method: 'POST', url: `${ADMIN}/numbers/provider/sync`, token: w.op.token });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.services[0]).toMatchObject({ service: 'wa', country: '6', cost: '0.35', available: 420 });
    expect(await audits('numbers.sync')).toHaveLength(synced + 1);
    const c = await w.t.createUser();
    const list = await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/services`, token: c.token });
    expect(list.json().data.services).toEqual([
      {
        id: w.serviceId,
        name: 'واتساب',
        country_name: 'إندونيسيا',
        price: '1.25',
        price_syr: '18000.00',
        price_tr: '42.00',
        available: 420,
      },
    ]);
  });

  it('the worker reads the price list again once it is older than NUMBERS_SYNC_MS, without an audit row', async () => {
    const c = await w.t.createUser();
    const available = async () =>
      (await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/services`, token: c.token })).json().data.services[0]
        .available;
    const synced = (await audits('numbers.sync')).length;
    w.stub.reset({ prices: { '6': { wa: { cost: 0.4, count: 17 } } } });
    // Just synced: nothing to do.
    expect(await w.t.app.numbersWorker.syncPrices()).toBe(false);
    expect(await available()).toBe(420);
    await w.t.db
      .updateTable('number_providers')
      .set({ synced_at: new Date(Date.now() - 301_000).toISOString() })
      .execute();
    expect(await w.t.app.numbersWorker.syncPrices()).toBe(true);
    expect(await available()).toBe(17);
    expect(await audits('numbers.sync')).toHaveLength(synced);
  });

  it('a provider failure is a gateway error with an Arabic reason, not a 500', async () => {
    w.stub.reset({ fail5xx: 1 });
    const res = await w.t.request({ method: 'GET', url: `${ADMIN}/numbers/provider/balance`, token: w.op.token });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('خطأ لدى مزود الأرقام (500)');
  });

  it('validates a service with Arabic field errors and writes nothing', async () => {
    const res = await w.t.request({
      method: 'POST',
      url: `${ADMIN}/numbers/services`,
      token: w.op.token,
      payload: { service: 'w a', country: '', name: '', price: '-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country', 'country_name', 'name', 'price', 'service']);
    expect(await w.t.db.selectFrom('number_services').select('id').execute()).toHaveLength(1);
  });

  it('lists purchases with their provider state and refunds a stuck one once, with an audit row', async () => {
    w.stub.reset({ smsAfterMs: null });
    const c = await w.t.createUser({ balance: 3_000_000 });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).phone !== null);
    const list = (
      await w.t.request({ method: 'GET', url: `${ADMIN}/numbers/purchases?status=waiting`, token: w.op.token })
    ).json().data;
    expect(list.purchases[0]).toMatchObject({
      id: p.id,
      status: 'waiting',
      step: 'poll',
      upstream_id: w.stub.rented()[0]!.id,
      customer: { id: c.id },
    });
    const refunds = await Promise.all(
      [1, 2].map(() =>
        w.t.request({ method: 'POST', url: `${ADMIN}/numbers/purchases/${p.id}/refund`, token: w.op.token }),
      ),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refunds.find((r) => r.statusCode === 409)!.json().msg).toBe('تم استرداد هذه العملية مسبقاً');
    expect(await refundsOf(w, p.id)).toHaveLength(1);
    expect(await balanceOf(w.t, c.id)).toBe(3_000_000);
    expect(await audits('numbers.refund')).toHaveLength(1);
    await until(w, async () => w.stub.rented()[0]!.status === 'cancel');
    const customer = await w.t.request({ method: 'GET', url: `${ADMIN}/numbers/purchases`, token: c.token });
    expect(customer.statusCode).toBe(403);
  });

  it('with online off the API refuses purchases and the services list', async () => {
    const c = await w.t.createUser({ balance: 3_000_000 });
    await setOnline(w.t, w.op, false);
    try {
      const res = await w.t.request({
        method: 'POST',
        url: `${PUBLIC}/numbers`,
        token: c.token,
        payload: { service_id: w.serviceId },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('خدمة شراء الأرقام غير متاحة حالياً');
      const services = await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/services`, token: c.token });
      expect(services.statusCode).toBe(403);
      expect(await balanceOf(w.t, c.id)).toBe(3_000_000);
      expect(
        await w.t.db.selectFrom('number_activations').select('id').where('user_id', '=', c.id).execute(),
      ).toHaveLength(0);
    } finally {
      await setOnline(w.t, w.op, true);
    }
  });

  // Last: it leaves this store's ledger broken on purpose.
  it('ledger:verify names a number purchase refunded twice', async () => {
    expect((await verifyLedger(w.t.db)).ok).toBe(true);
    const c = await w.t.createUser({ balance: 3_000_000 });
    const p = await buy(w, c);
    await w.t.request({ method: 'POST', url: `${PUBLIC}/numbers/${p.id}/cancel`, token: c.token });
    await work(w.t.db, (trx) => credit(trx, c.id, 1_250_000, 'استرداد مكرر', { type: 'number', id: p.id }));
    const report = await verifyLedger(w.t.db);
    expect(report.ok).toBe(false);
    expect(formatLedgerReport(report)).toContain(`REFUND number purchase #${p.id}`);
  });
});
