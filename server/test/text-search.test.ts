import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES, textCandidates } from '../src/db/text-search';
import { likePattern } from '../src/kernel/http/paging';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';
import { makeProduct } from './orders-fixtures';

/**
 * The operator's searches of orders and customers go through the text indexes when those name
 * few rows (db/text-search.ts); what they answer must stay exactly what reading the tables with
 * `lower(col) like '%text%'` answers, wildcards and quotes taken literally, on both engines.
 */
let t: TestApp;
let op: TestUser;
let productId: number;
const customers: TestUser[] = [];
const people = [
  { name: 'Ahmad Al-Ali', email: 'ahmad.ali@example.com', phone: '+963 944 123 456' },
  { name: 'سارة الأحمد', email: 'sara_99%@mail.test', phone: '+963 955 000 111' },
  { name: 'ÉLODIE "Lo"', email: 'elodie@x.test', phone: '+33 6 12 34 56 78' },
];
const orders = [
  { product_name: 'بطاقة آيتونز 50$', data: '5123456789', phone: null },
  { product_name: 'PUBG 60 UC', data: 'ABC_def', phone: '+963 944 123 456' },
  { product_name: 'Free Fire 100%', data: 'x\\y', phone: null },
  { product_name: 'جواهر "الماس"', data: '"q"', phone: '0944-777' },
  { product_name: 'Élan Card', data: 'élan-42', phone: null },
];
const FREQUENT = 'شدات ببجي';
const terms = [
  'ahmad',
  'AHMAD',
  'al-ali',
  'example.com',
  'سارة',
  'آيتونز',
  '50$',
  'pubg 60',
  'uc',
  '100%',
  '_def',
  'abc_',
  'x\\y',
  '"q"',
  '"',
  'élodie',
  'ÉLODIE',
  'élan',
  '944 123',
  '0944',
  '@mail',
  '99%@',
  FREQUENT,
  'شدات',
  'zzzz',
];

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  productId = await makeProduct(t.db);
  const users: number[] = [];
  for (const p of people) {
    const u = await t.createUser({ email: p.email });
    customers.push(u);
    await t.db.updateTable('users').set({ name: p.name, phone: p.phone }).where('id', '=', u.id).execute();
    users.push(u.id);
  }
  const at = new Date().toISOString();
  const row = (i: number, o: { product_name: string; data: string | null; phone: string | null }, user?: number) => ({
    ...o,
    user_id: user ?? users[i % users.length]!,
    product_id: productId,
    status: (['pending', 'success', 'cancel', 'wait'] as const)[i % 4]!,
    price: 1_000_000,
    price_syr: 0,
    price_tr: 0,
    quantity: 1,
    data2: null,
    secret: null,
    note: null,
    api: 0,
    message: null,
    cancel_msg: null,
    idempotency_key: null,
    created_at: at,
    updated_at: at,
  });
  // More rows of one text than the index is asked to hand over: that search reads the table.
  // They are all one customer's, who has so many orders that their own searches ask the index.
  const many = Array.from({ length: CANDIDATES + 100 }, (_, i) =>
    row(i, { product_name: FREQUENT, data: String(700_000 + i), phone: null }, users[0]),
  );
  for (let i = 0; i < many.length; i += 500)
    await t.db
      .insertInto('orders')
      .values(many.slice(i, i + 500))
      .execute();
  await t.db
    .insertInto('orders')
    .values(orders.map((o, i) => row(i, o)))
    .execute();
});
afterAll(async () => {
  await t.close();
});

/** What a scan of the tables answers: the ids, newest first. */
async function scanOrders(term: string): Promise<number[]> {
  const p = likePattern(term);
  const id = /^#?(\d{1,9})$/.exec(term);
  const rows = await t.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('orders.id')
    .where((eb) =>
      eb.or([
        ...(['orders.product_name', 'orders.data', 'orders.phone', 'users.email', 'users.name'] as const).map(
          (c) => sql<boolean>`lower(${sql.ref(c)}) like ${p} escape '\\'`,
        ),
        ...(id ? [eb('orders.id', '=', Number(id[1]))] : []),
      ]),
    )
    .orderBy('orders.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

async function scanUsers(term: string): Promise<number[]> {
  const p = likePattern(term);
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or((['name', 'email', 'phone'] as const).map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${p} escape '\\'`)),
    )
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** What a scan of one customer's orders answers, newest first. */
async function scanOwnOrders(userId: number, term: string): Promise<number[]> {
  const p = likePattern(term);
  const id = /^#?(\d{1,9})$/.exec(term);
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        ...(['product_name', 'data', 'phone'] as const).map(
          (c) => sql<boolean>`lower(${sql.ref(c)}) like ${p} escape '\\'`,
        ),
        ...(id ? [eb('id', '=', Number(id[1]))] : []),
      ]),
    )
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

async function page(path: string, key: 'orders' | 'users'): Promise<number[]> {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/${path}`, token: op.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[key].map((r: { id: number }) => r.id);
}

describe('searches through the text indexes', () => {
  it.each(terms)('finds the orders a scan finds for %s, page by page', async (term) => {
    const all = await scanOrders(term);
    const q = encodeURIComponent(term);
    expect(await page(`orders?status=all&search=${q}`, 'orders')).toEqual(all.slice(0, 30));
    expect(await page(`orders?status=all&search=${q}&page=2`, 'orders')).toEqual(all.slice(30, 60));
  });

  it.each(terms)("finds a big customer's own orders a scan finds for %s, page by page", async (term) => {
    const all = await scanOwnOrders(customers[0]!.id, term);
    const url = `${PUBLIC}/orders?search=${encodeURIComponent(term)}`;
    const first = await t.request({ method: 'GET', url, token: customers[0]!.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.orders.map((o: { id: number }) => o.id)).toEqual(all.slice(0, 10));
    const next = first.json().data.paginate.nextBefore;
    if (all.length <= 10) return expect(next).toBeNull();
    const second = await t.request({ method: 'GET', url: `${url}&page=2&before=${next}`, token: customers[0]!.token });
    expect(second.json().data.orders.map((o: { id: number }) => o.id)).toEqual(all.slice(10, 20));
  });

  it.each(terms)('finds the customers a scan finds for %s', async (term) => {
    expect(await page(`users?search=${encodeURIComponent(term)}`, 'users')).toEqual(
      (await scanUsers(term)).slice(0, 50),
    );
  });

  it('finds an order by its number, with or without #', async () => {
    const last = (await scanOrders('élan'))[0]!;
    expect(await page(`orders?status=all&search=%23${last}`, 'orders')).toContain(last);
    expect(await page(`orders?status=all&search=${last}`, 'orders')).toContain(last);
  });

  it('uses the index for a rare text and reads the table for a short or a frequent one', async () => {
    expect(await textCandidates(t.db, 'orders', 'pubg 60')).toHaveLength(1);
    expect(await textCandidates(t.db, 'users', 'example.com')).toHaveLength(1);
    expect(await textCandidates(t.db, 'orders', 'uc')).toBeUndefined();
    expect(await textCandidates(t.db, 'orders', FREQUENT)).toBeUndefined();
  });
});
