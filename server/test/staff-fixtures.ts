import { insertNumberService } from './number-service-rows';
import type { TestApp, TestUser } from './helper';
import { ADMIN, makeCatalog, placeOrder, requestTopup } from './operator-fixtures';

/**
 * Two storefronts, A and B, each with a customer who ordered, bought a number and asked for a
 * top-up, a bank, a slider, a partner and a staff account; A's texts carry MARK, so a reply that shows any of A's
 * rows to B's staff is caught by a substring.
 */
export const MARK = 'سر-المتجر-ألف';
export const HOST_A = 'a.localhost';
export const HOST_B = 'b.localhost';
const USD = 1_000_000;

/** The test app as seen through one host: every request carries it. */
export const via = (t: TestApp, host: string): TestApp => ({
  ...t,
  request: (o) => t.request({ ...o, headers: { ...(o.headers ?? {}), host } }),
});

export type Side = {
  storefront: number;
  customer: TestUser;
  staff: TestUser;
  order: number;
  purchase: number;
  charge: number;
  bank: number;
  slider: number;
  partner: number;
};

export type StaffWorld = { op: TestUser; a: Side; b: Side; category: number; product: number };

export async function staffWorld(t: TestApp): Promise<StaffWorld> {
  const op = await t.createUser({ role: 'operator' });
  const call = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => {
    const res = await t.request({ method, url: `${ADMIN}${url}`, token: op.token, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return Object.values(res.json().data as Record<string, { id: number }>)[0]!;
  };
  const { category, product } = await makeCatalog(t, op);
  const numbers = await insertNumberService(t.db);
  const side = async (host: string, mark: string): Promise<Side> => {
    const storefront = (await call('POST', '/storefronts', { name: `متجر ${mark}`, hosts: [host] })).id;
    const q = `?storefront=${storefront}`;
    // A storefront pays the provider's price from its account: funded, its customer's order passes.
    await call('POST', `/storefronts/${storefront}/account/adjust`, { amount: '1000', reason: 'تمويل' });
    await call('PATCH', `/settings${q}`, { name: `متجر ${mark}`, news: mark });
    const bank = (await call('POST', `/banks${q}`, { name: `بنك ${mark}`, info: mark, iban: 'SY01' })).id;
    const slider = (await call('POST', `/sliders${q}`, { link: `https://a.example/${encodeURI(mark)}`, sort: 1 })).id;
    const partner = (await call('POST', `/partners${q}`, { name: `وكيل ${mark}`, address: mark, phone: '+963' })).id;
    const customer = await t.createUser({ storefrontId: storefront, balance: 50 * USD });
    await t.db
      .updateTable('users')
      .set({ name: `عميل ${mark}` })
      .where('id', '=', customer.id)
      .execute();
    const order = await placeOrder(via(t, host), customer, product.id);
    const purchase = await boughtNumber(t, numbers, customer.id, storefront, mark);
    const charge = await requestTopup(via(t, host), customer, bank, '10');
    const staff = await t.createUser({ role: 'operator', storefrontId: storefront });
    await t.db
      .updateTable('users')
      .set({ name: `موظف ${mark}` })
      .where('id', '=', staff.id)
      .execute();
    return { storefront, customer, staff, order, purchase, charge, bank, slider, partner };
  };
  const a = await side(HOST_A, MARK);
  const b = await side(HOST_B, 'باء');
  return { op, a, b, category: category.id, product: product.id };
}

/**
 * A number the customer bought on their storefront whose code came, as the row it leaves: done,
 * so the numbers worker never takes it up. Its name carries the storefront's mark.
 */
async function boughtNumber(
  t: TestApp,
  n: { provider: number; service: number },
  userId: number,
  storefront: number,
  mark: string,
): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto('number_activations')
    .values({
      user_id: userId,
      service_id: n.service,
      provider_id: n.provider,
      name: `واتساب ${mark}`,
      price: 1_380_000,
      provider_price: 1_250_000,
      storefront_id: storefront,
      status: 'received',
      step: 'done',
      upstream_id: '9100',
      phone: '6281234567',
      codes: '["482913"]',
      requested_at: at,
      expires_at: at,
      refunded_at: null,
      next_at: at,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      idempotency_key: null,
      req_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Everything of storefront A's a caller could change, read from the tables: its rows, its
 * customers' and staff's accounts, sessions, ledger, debts, top-ups and orders, the notices
 * its customer sees and which of its refusals each reader has seen. Compared before and after a
 * call, so a change of any of them shows.
 */
export async function snapshotOf(t: TestApp, a: Side): Promise<string> {
  const s = a.storefront;
  const people = (
    await t.db.selectFrom('users').select('id').where('storefront_id', '=', s).orderBy('id').execute()
  ).map((r) => r.id);
  const db = t.db;
  const parts = await Promise.all([
    db.selectFrom('storefronts').selectAll().where('id', '=', s).execute(),
    db.selectFrom('storefront_hosts').selectAll().where('storefront_id', '=', s).orderBy('host').execute(),
    db.selectFrom('settings').selectAll().where('id', '=', s).execute(),
    db.selectFrom('banks').selectAll().where('storefront_id', '=', s).orderBy('id').execute(),
    db.selectFrom('sliders').selectAll().where('storefront_id', '=', s).orderBy('id').execute(),
    db.selectFrom('partners').selectAll().where('storefront_id', '=', s).orderBy('id').execute(),
    db.selectFrom('storefront_prices').selectAll().where('storefront_id', '=', s).orderBy('target_id').execute(),
    db.selectFrom('users').selectAll().where('id', 'in', people).orderBy('id').execute(),
    db.selectFrom('sessions').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
    db.selectFrom('ledger').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
    db.selectFrom('debt_entries').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
    db.selectFrom('charges').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
    db.selectFrom('orders').selectAll().where('storefront_id', '=', s).orderBy('id').execute(),
    db.selectFrom('storefront_refusals_seen').selectAll().where('storefront_id', '=', s).orderBy('user_id').execute(),
    db.selectFrom('number_activations').selectAll().where('storefront_id', '=', s).orderBy('id').execute(),
    db.selectFrom('storefront_account_slots').selectAll().where('storefront_id', '=', s).orderBy('slot').execute(),
    db
      .selectFrom('notifications')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('user_id', '=', a.customer.id),
          eb.and([eb('user_id', 'is', null), eb.or([eb('storefront_id', 'is', null), eb('storefront_id', '=', s)])]),
        ]),
      )
      .orderBy('id')
      .execute(),
  ]);
  // PostgreSQL answers bigint columns as strings, SQLite as numbers: one text for both.
  return JSON.stringify(parts, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
}
