import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

const API = '/public/api/v1';
const USD = 1_000_000;
let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  productId = (await t.db.selectFrom('products').select('id').where('name', '=', '660 شدة').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /orders/{id}: status history and refund for the order page', () => {
  it('a new order has one pending step and nothing refunded; a cancel adds the step and the refund', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const placed = await t.request({
      method: 'POST',
      url: `${API}/orders-create-fixed`,
      token: u.token,
      payload: { playerId: '5123456789', productId },
    });
    const id = placed.json().data.order.id;

    const fresh = (await t.request({ method: 'GET', url: `${API}/orders/${id}`, token: u.token })).json().data;
    expect(fresh.history).toEqual([{ status: 'pending', at: fresh.order.created_at }]);
    expect(fresh.refunded).toBe('0.00');

    expect((await t.request({ method: 'POST', url: `${API}/orders/${id}/cancel`, token: u.token })).statusCode).toBe(
      200,
    );
    const after = (await t.request({ method: 'GET', url: `${API}/orders/${id}`, token: u.token })).json().data;
    expect(after.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'cancel']);
    expect(after.refunded).toBe('9.50');
    expect(after.user.balance).toBe('20.00');
  });

  it(
    'an operator sending a pending order to wait, then the customer ' + 'asking to cancel, are both in the history',
    async () => {
      const u = await t.createUser({ balance: 20 * USD });
      const op = await t.createUser({ role: 'operator' });
      const id = (
        await t.request({
          method: 'POST',
          url: `${API}/orders-create-fixed`,
          token: u.token,
          payload: { playerId: '5123456789', productId },
        })
      ).json().data.order.id;
      const wait = await t.request({
        method: 'POST',
        url: `/admin/api/v1/orders/${id}/wait`,
        token: op.token,
        payload: {},
      });
      expect(wait.statusCode).toBe(200);
      await t.request({ method: 'POST', url: `${API}/orders/${id}/cancel`, token: u.token });
      const data = (await t.request({ method: 'GET', url: `${API}/orders/${id}`, token: u.token })).json().data;
      expect(data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'wait', 'request_cancel']);
      expect(data.refunded).toBe('0.00');
    },
  );
});
