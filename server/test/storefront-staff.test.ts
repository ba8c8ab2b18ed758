import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from './auth-helpers';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { HOST_A, HOST_B, MARK, type StaffWorld, snapshotOf, staffWorld } from './staff-fixtures';

// A storefront's staff (issue 34): operator accounts bound to one storefront see its orders and
// see and change only its customers, top-ups, settings and prices; the catalog and fulfilment stay
// the provider's. Every route, with the other storefront's ids, is walked in
// storefront-staff-property.test.ts; here what staff do, and what the provider's operators see.

let t: TestApp;
let w: StaffWorld;
const admin = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `${ADMIN}${url}`, token, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await setupApp();
  w = await staffWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe("a storefront's staff", () => {
  it('count their storefront’s waiting top-ups and orders in the console’s badges, not the provider’s', async () => {
    const stats = async (token: string) => {
      const res = await admin(token, 'GET', '/stats');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.stats;
    };
    // Each storefront has one customer with one order waiting and one top-up waiting.
    expect(await stats(w.b.staff.token)).toEqual({
      pending_charges: 1,
      open_orders: 1,
      cancel_requests: 0,
      attention_orders: 0,
      low_stock_products: 0,
    });
    const provider = await stats(w.op.token);
    expect(provider.pending_charges).toBe(2);
    expect(provider.open_orders).toBe(2);
  });

  it('list their storefront’s orders, top-ups and customers only, never the operators', async () => {
    const staff = w.b.staff;
    const orders = await admin(staff.token, 'GET', '/orders?status=all');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.orders.map((o: { id: number }) => o.id)).toEqual([w.b.order]);
    const charges = await admin(staff.token, 'GET', '/charges?status=all');
    expect(charges.json().data.charges.map((c: { id: number }) => c.id)).toEqual([w.b.charge]);
    expect(charges.json().data.charges[0].storefront_id).toBe(w.b.storefront);
    const users = await admin(staff.token, 'GET', '/users?role=all');
    expect(users.json().data.users.map((u: { id: number }) => u.id)).toEqual([w.b.customer.id]);
    const own = await admin(staff.token, 'GET', `/orders?status=all&storefront=${w.b.storefront}`);
    expect(own.statusCode).toBe(200);
    for (const url of ['/orders', '/charges', '/users', '/audit']) {
      const other = await admin(staff.token, 'GET', `${url}?storefront=${w.a.storefront}`);
      expect(other.statusCode, url).toBe(404);
    }
    const order = await admin(staff.token, 'GET', `/orders/${w.b.order}`);
    expect(order.json().data.order.storefront_id).toBe(w.b.storefront);
    expect((await admin(staff.token, 'GET', `/orders/${w.a.order}`)).statusCode).toBe(404);
  });

  it('approve their storefront’s top-up, and cannot touch another’s', async () => {
    const before = await snapshotOf(t, w.a);
    const other = await admin(w.b.staff.token, 'POST', `/charges/${w.a.charge}/approve`, {});
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe((await admin(w.b.staff.token, 'POST', '/charges/999999/approve', {})).json().msg);
    expect(await snapshotOf(t, w.a)).toBe(before);
    const res = await admin(w.b.staff.token, 'POST', `/charges/${w.b.charge}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.charge).toMatchObject({ status: 'success', decided_by: { id: w.b.staff.id } });
    const audit = await admin(w.b.staff.token, 'GET', '/audit');
    const actions = audit.json().data.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('charge.approve');
    expect(audit.body).not.toContain(MARK);
  });

  it('change their storefront’s settings, banks and prices, not the catalog or fulfilment', async () => {
    const settings = await admin(w.b.staff.token, 'PATCH', '/settings', { news: 'خبر باء' });
    expect(settings.statusCode, settings.body).toBe(200);
    const b = await t.request({ method: 'GET', url: `${API}/setting`, headers: { host: HOST_B } });
    expect(b.json().data.setting.news).toBe('خبر باء');
    const a = await t.request({ method: 'GET', url: `${API}/setting`, headers: { host: HOST_A } });
    expect(a.json().data.setting.news).toBe(MARK);
    const bank = await admin(w.b.staff.token, 'POST', '/banks', { name: 'بنك جديد', info: 'حوالة', iban: 'SY9' });
    expect(bank.statusCode, bank.body).toBe(201);
    const row = await t.db.selectFrom('banks').select('storefront_id').where('id', '=', bank.json().data.bank.id);
    expect(Number((await row.executeTakeFirstOrThrow()).storefront_id)).toBe(w.b.storefront);
    const price = await admin(w.b.staff.token, 'PUT', `/products/${w.product}/storefront-price`, { hidden: true });
    expect(price.statusCode, price.body).toBe(200);
    for (const [method, url] of [
      ['PATCH', `/products/${w.product}`],
      ['POST', '/categories'],
      ['POST', `/orders/${w.b.order}/accept`],
      ['POST', `/orders/${w.b.order}/reject`],
      ['PATCH', `/storefronts/${w.b.storefront}`],
      ['GET', '/storefronts'],
      ['GET', `/storefronts/${w.b.storefront}/staff`],
    ] as const) {
      const res = await admin(w.b.staff.token, method, url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('send a store-wide notice that only their storefront’s customers read', async () => {
    const sent = await admin(w.b.staff.token, 'POST', '/notifications', { title: 'عرض', msg: 'عرض باء' });
    expect(sent.statusCode, sent.body).toBe(201);
    const read = (host: string, user: TestUser) =>
      t.request({ method: 'GET', url: `${API}/notifications`, headers: { host }, token: user.token });
    const titles = async (host: string, user: TestUser) =>
      (await read(host, user)).json().data.notifications.map((n: { msg: string }) => n.msg);
    expect(await titles(HOST_B, w.b.customer)).toContain('عرض باء');
    expect(await titles(HOST_A, w.a.customer)).not.toContain('عرض باء');
    const toA = await admin(w.b.staff.token, 'POST', '/notifications', {
      user_id: w.a.customer.id,
      title: 'x',
      msg: 'y',
    });
    expect(toA.statusCode).toBe(422);
    // The provider's notice without ?storefront= reaches every storefront's customers.
    await admin(w.op.token, 'POST', '/notifications', { title: 'للجميع', msg: 'للجميع' });
    expect(await titles(HOST_A, w.a.customer)).toContain('للجميع');
    expect(await titles(HOST_B, w.b.customer)).toContain('للجميع');
  });

  it('read the audit entries about their storefront: their own acts and changes to its customers', async () => {
    const edit = await admin(w.op.token, 'PATCH', `/users/${w.b.customer.id}`, { name: 'عميل باء الجديد' });
    expect(edit.statusCode, edit.body).toBe(200);
    await admin(w.op.token, 'PATCH', `/users/${w.a.customer.id}`, { phone: '+963111' });
    await admin(w.op.token, 'POST', '/categories', { name: 'قسم المزوّد' });
    const entries = (await admin(w.b.staff.token, 'GET', '/audit')).json().data.entries as Array<{
      action: string;
      entity: string;
      entity_id: number;
      actor: { id: number };
    }>;
    expect(entries.some((e) => e.action === 'user.update' && e.entity_id === w.b.customer.id)).toBe(true);
    expect(entries.some((e) => e.entity_id === w.a.customer.id && e.entity === 'user')).toBe(false);
    expect(entries.some((e) => e.entity === 'category')).toBe(false);
    expect(entries.filter((e) => e.actor.id === w.b.staff.id).length).toBeGreaterThan(0);
  });

  it('see themselves as staff in their own reply', async () => {
    const me = await t.request({ method: 'GET', url: `${API}/me`, token: w.b.staff.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user).toMatchObject({ role: 'operator', storefront_id: w.b.storefront });
    const provider = await t.request({ method: 'GET', url: `${API}/me`, token: w.op.token });
    expect(provider.json().data.user).toMatchObject({ role: 'operator', storefront_id: null });
  });
});

describe("the provider's operators", () => {
  it('filter orders, top-ups, customers and the audit log by ?storefront=, and see every one without it', async () => {
    const ids = async (url: string, key: string) =>
      (await admin(w.op.token, 'GET', url)).json().data[key].map((r: { id: number }) => r.id);
    expect(await ids(`/orders?status=all&storefront=${w.a.storefront}`, 'orders')).toEqual([w.a.order]);
    expect(await ids('/orders?status=all', 'orders')).toEqual(expect.arrayContaining([w.a.order, w.b.order]));
    expect(await ids(`/charges?status=all&storefront=${w.a.storefront}`, 'charges')).toEqual([w.a.charge]);
    const users = await ids(`/users?storefront=${w.a.storefront}&role=customer`, 'users');
    expect(users).toEqual([w.a.customer.id]);
    const audit = await admin(w.op.token, 'GET', `/audit?storefront=${w.b.storefront}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(MARK);
    expect((await admin(w.op.token, 'GET', '/orders?storefront=999')).statusCode).toBe(404);
  });

  it('read which storefront each audit entry is about, and none on the provider’s own', async () => {
    const entries: { action: string; entity: string; entity_id: number; storefront_id: number | null }[] = (
      await admin(w.op.token, 'GET', '/audit')
    ).json().data.entries;
    const about = (action: string, entityId: number) =>
      entries.find((e) => e.action === action && e.entity_id === entityId)?.storefront_id;
    expect(about('charge.approve', w.b.charge)).toBe(w.b.storefront);
    expect(about('bank.create', w.a.bank)).toBe(w.a.storefront);
    expect(about('slider.create', w.b.slider)).toBe(w.b.storefront);
    expect(about('settings.update', w.a.storefront)).toBe(w.a.storefront);
    expect(about('storefront.create', w.b.storefront)).toBe(w.b.storefront);
    expect(about('product.create', w.product)).toBeNull();
  });

  it('add a staff account, list it and take it off again', async () => {
    const url = `/storefronts/${w.a.storefront}/staff`;
    const made = await admin(w.op.token, 'POST', url, {
      email: 'clerk@a.test',
      password: 'clerk-pass-1',
      name: 'كاتب',
    });
    expect(made.statusCode, made.body).toBe(201);
    const clerk = made.json().data.user;
    expect(clerk).toMatchObject({ role: 'operator', storefront_id: w.a.storefront, is_enable2fa: false });
    const list = await admin(w.op.token, 'GET', url);
    expect(list.json().data.staff.map((u: { id: number }) => u.id)).toEqual([w.a.staff.id, clerk.id]);
    const again = await admin(w.op.token, 'POST', url, { email: 'clerk@a.test', password: 'clerk-pass-1' });
    expect(again.statusCode).toBe(422);
    const taken = await admin(w.op.token, 'POST', url, { email: w.b.customer.email, password: 'clerk-pass-1' });
    expect(taken.statusCode).toBe(422);
    expect(
      (await admin(w.op.token, 'POST', '/storefronts/999/staff', { email: 'x@a.test', password: 'p-123456' }))
        .statusCode,
    ).toBe(404);
    // A signed-in clerk: two-factor first, as for every operator.
    const login = await t.request({
      method: 'POST',
      url: `${API}/login`,
      headers: { host: HOST_B },
      payload: { email: 'clerk@a.test', password: 'clerk-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token;
    const console = await admin(token, 'GET', '/orders');
    expect(console.statusCode).toBe(403);
    const wrong = await admin(w.op.token, 'DELETE', `/storefronts/${w.b.storefront}/staff/${clerk.id}`);
    expect(wrong.statusCode).toBe(404);
    const off = await admin(w.op.token, 'DELETE', `${url}/${clerk.id}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.user).toMatchObject({ role: 'customer', storefront_id: w.a.storefront });
    expect((await t.request({ method: 'GET', url: `${API}/me`, token })).statusCode).toBe(401);
    const entries = (await admin(w.op.token, 'GET', `/audit?entity=user&entity_id=${clerk.id}`)).json().data.entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['user.staff_remove', 'user.staff_add']);
  });
});
