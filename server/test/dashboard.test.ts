import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { type History, seedHistory } from './dashboard-history';
import { ADMIN } from './operator-fixtures';
import { expectFromRows } from './dashboard-expect';

let t: TestApp;
let op: TestUser;
let history: History;
const END = Date.parse('2026-11-20T12:00:00Z');

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  history = await seedHistory(t.db, {
    endMs: END,
    days: 20,
    orders: 1500,
    charges: 300,
    customers: 60,
    numbers: 300,
  });
});
afterAll(async () => {
  await t.close();
});

async function dashboard(query: string) {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/dashboard?${query}`, token: op.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dashboard;
}

describe('GET /dashboard', () => {
  it.each([
    ['UTC', '2026-11-06', '2026-11-19', 0],
    ['Damascus time (UTC+3)', '2026-11-01', '2026-11-20', 180],
    ['a zone west of UTC', '2026-11-10', '2026-11-10', -300],
    ['a half-hour zone (UTC+5:30)', '2026-11-05', '2026-11-15', 330],
    ['a 45-minute zone (UTC+5:45)', '2026-11-05', '2026-11-15', 345],
  ])('equals sums computed from the raw rows (%s)', async (_name, from, to, tz) => {
    const d = await dashboard(`from=${from}&to=${to}&tz=${tz}`);
    await expectFromRows(t.db, d, { from, to, tz }, history.categoryNames);
  });

  it('tells the age of the oldest order and top-up still waiting', async () => {
    const d = await dashboard('from=2026-11-19&to=2026-11-20');
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', 'in', ['pending', 'wait', 'request_cancel'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const charge = await t.db
      .selectFrom('charges')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // The seed inserts rows in random time order, so the oldest is not the lowest id.
    const age = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 1000);
    expect(d.oldest_pending.order.id).toBe(order.id);
    expect(d.oldest_pending.order.seconds).toBeGreaterThanOrEqual(age(order.created_at) - 5);
    expect(d.oldest_pending.order.seconds).toBeLessThanOrEqual(age(order.created_at));
    expect(d.oldest_pending.topup.id).toBe(charge.id);
    expect(d.oldest_pending.topup.seconds).toBeLessThanOrEqual(age(charge.created_at));
    expect(d.oldest_pending.topup.seconds).toBeGreaterThanOrEqual(age(charge.created_at) - 5);
  });

  it('defaults to the last 7 days up to today', async () => {
    const d = await dashboard('');
    const today = new Date().toISOString().slice(0, 10);
    expect(d.range.to).toBe(today);
    expect(d.sales_by_day).toHaveLength(7);
  });

  it.each([
    ['from=2026-11-20&to=2026-11-01', 'from', 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية'],
    ['from=20-11-2026', 'from', 'يرجى إدخال تاريخ بالشكل YYYY-MM-DD'],
    ['from=2026-02-30', 'from', 'يرجى إدخال تاريخ بالشكل YYYY-MM-DD'],
    ['from=2024-01-01&to=2026-01-01', 'to', 'أطول مدة ممكنة 366 يوماً'],
    ['tz=abc', 'tz', 'يرجى إدخال فرق التوقيت بالدقائق'],
  ])('refuses %s with 422 and an Arabic message on the field', async (query, field, text) => {
    const res = await t.request({ method: 'GET', url: `${ADMIN}/dashboard?${query}`, token: op.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([text]);
  });

  it('is for operators only', async () => {
    const customer = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${ADMIN}/dashboard`, token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${ADMIN}/dashboard` })).statusCode).toBe(401);
  });
});
