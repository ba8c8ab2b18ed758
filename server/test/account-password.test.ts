import { afterAll, describe, expect, it } from 'vitest';
import { setupApp } from './helper';

const t = await setupApp({ seed: true });
afterAll(() => t.close());

const PASSWORD = 'Sup3r-secret-pass';
const operator = await t.createUser({ role: 'operator' });
const product = await t.db
  .selectFrom('products')
  .select('id')
  .where('type', '=', 'account')
  .where('available', '=', 1)
  .executeTakeFirstOrThrow();

async function placeAccountOrder() {
  const user = await t.createUser({ balance: 100_000_000 });
  const res = await t.request({
    method: 'POST',
    url: '/public/api/v1/orders-create-fixed',
    token: user.token,
    payload: { playerId: 'me@mail.test', playerName: PASSWORD, productId: product.id },
  });
  expect(res.statusCode).toBe(201);
  expect(res.body).not.toContain(PASSWORD);
  return { user, id: res.json().data.order.id as number };
}

const operatorSees = async (id: number) => {
  const res = await t.request({ method: 'GET', url: '/admin/api/v1/orders?status=all', token: operator.token });
  expect(res.statusCode).toBe(200);
  return res.json().data.orders.find((o: { id: number }) => o.id === id)?.account_password ?? null;
};
const storedSecret = async (id: number) =>
  (await t.db.selectFrom('orders').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret;

describe('the password an account order carries', () => {
  it('is encrypted at rest, hidden from the customer, shown to the operator while the order is open', async () => {
    const { user, id } = await placeAccountOrder();
    expect(await storedSecret(id)).not.toContain(PASSWORD);
    const mine = await t.request({ method: 'GET', url: `/public/api/v1/orders/${id}`, token: user.token });
    expect(mine.body).not.toContain(PASSWORD);
    expect(await operatorSees(id)).toBe(PASSWORD);
    const wait = await t.request({
      method: 'POST',
      url: `/admin/api/v1/orders/${id}/wait`,
      token: operator.token,
      payload: {},
    });
    expect(wait.statusCode).toBe(200);
    expect(await operatorSees(id)).toBe(PASSWORD);
  });

  it.each([
    ['accepted', 'accept', {}],
    ['rejected', 'reject', { cancel_msg: 'الحساب غير صحيح' }],
  ])('is erased when the order is %s', async (_name, action, payload) => {
    const { id } = await placeAccountOrder();
    const res = await t.request({
      method: 'POST',
      url: `/admin/api/v1/orders/${id}/${action}`,
      token: operator.token,
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(await storedSecret(id)).toBeNull();
    expect(await operatorSees(id)).toBeNull();
  });

  it('is erased when the customer cancels the pending order', async () => {
    const { user, id } = await placeAccountOrder();
    const res = await t.request({ method: 'POST', url: `/public/api/v1/orders/${id}/cancel`, token: user.token });
    expect(res.statusCode).toBe(200);
    expect(await storedSecret(id)).toBeNull();
    expect(await operatorSees(id)).toBeNull();
  });
});
