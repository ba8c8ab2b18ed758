import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let customer: TestUser;
let departmentId: number;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  customer = await t.createUser({ balance: 50_000_000 });
  departmentId = (await makeCatalog(t, op)).department.id;
});
afterAll(async () => {
  await t.close();
});

const steps = '1. افتح المتجر.\n2. اختر «استرداد».\n3. الصق الكود.';

async function createProduct(fields: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: op.token,
    payload: { department_id: departmentId, name: 'بطاقة 5$', price: '1.00', type: 'code', ...fields },
  });
}

describe(`redemption steps per product (${testEngine})`, () => {
  it('stores the steps the operator writes and shows them on the product and on the order page', async () => {
    const created = await createProduct({ delivery: 'stock', redeem_instructions: `  ${steps}  ` });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data.product;
    expect(product.redeem_instructions).toBe(steps);
    const stocked = await t.request({
      method: 'POST',
      url: `${ADMIN}/products/${product.id}/codes`,
      token: op.token,
      payload: { codes: ['DEMO-AA1B-8229-5764'] },
    });
    expect(stocked.statusCode, stocked.body).toBe(200);

    const shown = await t.request({ method: 'GET', url: `${PUBLIC}/products/${product.id}`, token: customer.token });
    expect(shown.json().data.product.redeem_instructions).toBe(steps);

    const bought = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-code`,
      token: customer.token,
      payload: { product_id: product.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = bought.json().data.order.id;
    const page = await t.request({ method: 'GET', url: `${PUBLIC}/orders/${orderId}`, token: customer.token });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      order: { id: orderId, status: 'success', codes: ['DEMO-AA1B-8229-5764'] },
      redeem_instructions: steps,
    });
  });

  it('keeps blank steps as none, and an edit clears or replaces them', async () => {
    const created = await createProduct({ redeem_instructions: '   ' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.product.id;
    expect(created.json().data.product.redeem_instructions).toBeNull();

    const set = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${id}`,
      token: op.token,
      payload: { redeem_instructions: steps },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.product.redeem_instructions).toBe(steps);
    const cleared = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${id}`,
      token: op.token,
      payload: { redeem_instructions: '' },
    });
    expect(cleared.json().data.product.redeem_instructions).toBeNull();
    const row = await t.db
      .selectFrom('products')
      .select('redeem_instructions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.redeem_instructions).toBeNull();
  });

  it('refuses steps over 2000 characters with an Arabic message, changing nothing', async () => {
    const created = await createProduct({ redeem_instructions: steps });
    const id = created.json().data.product.id;
    const long = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${id}`,
      token: op.token,
      payload: { redeem_instructions: 'ا'.repeat(2001) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.redeem_instructions).toEqual(['خطوات الاستخدام أطول من 2000 حرف']);
    const fresh = await createProduct({ name: 'طويل', redeem_instructions: 'ا'.repeat(2001) });
    expect(fresh.statusCode).toBe(422);
    const row = await t.db
      .selectFrom('products')
      .select('redeem_instructions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.redeem_instructions).toBe(steps);
    const names = (await t.db.selectFrom('products').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('طويل');
  });

  it('answers null steps on the order page of a product without any', async () => {
    const created = await createProduct({ type: 'id', name: '60 شدة', price: '1.00' });
    const id = created.json().data.product.id;
    const bought = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-fixed`,
      token: customer.token,
      payload: { playerId: '5123456789', productId: id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const page = await t.request({
      method: 'GET',
      url: `${PUBLIC}/orders/${bought.json().data.order.id}`,
      token: customer.token,
    });
    expect(page.json().data.redeem_instructions).toBeNull();
  });
});
