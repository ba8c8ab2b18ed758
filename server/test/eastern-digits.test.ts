import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

const API = '/public/api/v1';
const USD = 1_000_000;

let t: TestApp;
let free: number;
let fixed: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  const id = async (name: string) =>
    (await t.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  [free, fixed] = [await id('شدات بالعدد'), await id('660 شدة')];
});
afterAll(async () => {
  await t.close();
});

/** Phones set to Arabic type ٠-٩ (or Persian ۰-۹): the server must read them as 0-9, never drop them. */
describe('Arabic-Indic and Persian digits typed where a number goes', () => {
  it('a free-quantity order of "١٠٠٠" for player "٥١٢٣٤٥٦٧٨٩" buys 1000 for that player', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-free`,
      token: u.token,
      payload: { player_id: '٥١٢٣٤٥٦٧٨٩', player_name: '', product_id: free, qty: '١٠٠٠' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ quantity: 1000, price: '15.00', data: '5123456789' });
    expect(res.json().data.user.balance).toBe('5.00');
  });

  it('a fixed order and the check-player call read a Persian-digit player id', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const check = await t.request({
      method: 'POST',
      url: `${API}/check-player`,
      token: u.token,
      payload: { player_id: '۵۱۲۳۴۵۶۷۸۹', product_id: fixed },
    });
    expect(check.json().player_name).toMatch(/_6789$/);
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-fixed`,
      token: u.token,
      payload: { playerId: '۵۱۲۳۴۵۶۷۸۹', productId: fixed },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.data).toBe('5123456789');
  });

  it('registration stores a phone typed in Arabic-Indic digits as 0-9', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/register`,
      payload: { name: 'سارة', email: 'digits@mail.test', phone: '+٩٦٣ ٩٤٤ ٠٠٠ ٢٢٢', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.phone).toBe('+963 944 000 222');
  });

  it('a quantity that is still not a number after conversion is a 422 with the Arabic message', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-free`,
      token: u.token,
      payload: { player_id: '5123456789', product_id: free, qty: '١٠x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.qty[0]).toBe('يرجى إدخال الكمية بالأرقام فقط');
  });
});
