import { PLAYER_NOT_FOUND } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoResolver, type PlayerResolver } from '../src/modules/catalog/player-resolvers';
import { checkPlayer, PlayerLookupFailed } from '../src/modules/catalog/service';
import { setupApp, type TestApp, type TestUser } from './helper';

const API = '/public/api/v1';
const arabic = /[\u0600-\u06FF]/;

let t: TestApp;
let customer: TestUser;
const ids = {
  category: {} as Record<string, number>,
  department: {} as Record<string, number>,
  product: {} as Record<string, number>,
};

beforeAll(async () => {
  t = await setupApp({ seed: true });
  customer = await t.createUser();
  for (const r of await t.db.selectFrom('categories').select(['id', 'name']).execute()) ids.category[r.name] = r.id;
  for (const r of await t.db.selectFrom('departments').select(['id', 'name']).execute()) ids.department[r.name] = r.id;
  for (const r of await t.db.selectFrom('products').select(['id', 'name']).execute()) ids.product[r.name] = r.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /categories', () => {
  it('is for signed-in customers only', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/categories` });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(arabic);
  });

  it('lists every category in the operator order, unavailable ones flagged', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/categories`, token: customer.token });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json().data;
    expect(categories.map((c: { name: string }) => c.name)).toEqual([
      'ببجي موبايل',
      'فري فاير',
      'بطاقات جوجل بلاي',
      'آيتونز',
      'خدمات الحسابات',
      'فورتنايت',
      'كول أوف ديوتي',
      'بطاقات عبر المورد',
    ]);
    expect(categories[0]).toEqual({
      id: ids.category['ببجي موبايل'],
      name: 'ببجي موبايل',
      img: expect.stringMatching(/^http:\/\/localhost:80\/media\//),
      available: true,
      keywords: 'pubg mobile ببجي شدات uc',
    });
    expect(categories.find((c: { name: string }) => c.name === 'فورتنايت').available).toBe(false);
  });
});

describe('GET /categories/{id}', () => {
  it('gives the departments and the products placed in the category itself', async () => {
    const categoryId = ids.category['ببجي موبايل']!;
    const { id } = await t.db
      .insertInto('products')
      .values({
        category_id: categoryId,
        department_id: null,
        name: 'بطاقة هدية ببجي',
        img: null,
        info: '',
        available: 1,
        price: 2_000_000,
        price_syr: 28_000_000_000,
        price_tr: 66_000_000,
        is_discount: 1,
        discount: 10,
        type: 'code',
        free: 0,
        min: 1,
        max: 1,
        unit_price: 0,
        unit_price_tr: 0,
        player_resolver: null,
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.request({ method: 'GET', url: `${API}/categories/${categoryId}` });
    expect(res.statusCode).toBe(200);
    const { category, departments, products } = res.json().data;
    expect(category).toMatchObject({ id: categoryId, name: 'ببجي موبايل' });
    expect(departments.map((d: { name: string }) => d.name)).toEqual(['شدات ببجي (UC)', 'شدات بالكمية']);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id,
      name: 'بطاقة هدية ببجي',
      price: '2.00',
      price_syr: '28000.00',
      is_discount: true,
      discount: 10,
    });
  });

  it('shows an unavailable category as empty', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${API}/categories/${ids.category.فورتنايت}`,
      token: customer.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      category: { name: 'فورتنايت', available: false },
      departments: [],
      products: [],
    });
  });

  it('answers 404 for an unknown category and 422 for an id that is not one', async () => {
    const missing = await t.request({ method: 'GET', url: `${API}/categories/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toMatch(arabic);
    for (const bad of ['abc', '0', '-3', '99999999999999']) {
      const res = await t.request({ method: 'GET', url: `${API}/categories/${bad}` });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().msg).toMatch(arabic);
    }
  });
});

describe('GET /departments/{id}', () => {
  it('lists its products with the three prices as decimal strings and their availability', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/departments/${ids.department['شدات ببجي (UC)']}` });
    expect(res.statusCode).toBe(200);
    const { department, products } = res.json().data;
    expect(department.name).toBe('شدات ببجي (UC)');
    expect(products.map((p: { name: string }) => p.name)).toEqual(['60 شدة', '325 شدة', '660 شدة', '1800 شدة']);
    expect(products[0]).toMatchObject({
      price: '0.99',
      price_syr: '14000.00',
      price_tr: '33.00',
      available: true,
      is_discount: false,
      type: 'id',
      free: false,
    });
    expect(products[1]).toMatchObject({ is_discount: true, discount: 5 });
    expect(products[3].available).toBe(false);
    expect(Object.keys(products[0])).not.toContain('player_resolver');
  });

  it('marks every product of an unavailable category as not available', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/departments/${ids.department['في باكس']}` });
    expect(res.json().data.products.map((p: { available: boolean }) => p.available)).toEqual([false]);
  });

  it('answers 404 for an unknown department', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/departments/424242` });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(arabic);
  });
});

describe('GET /products/{id}', () => {
  it('is readable by a guest, with the fields of the free-quantity form', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/products/${ids.product['شدات بالعدد']}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.product).toMatchObject({
      free: true,
      min: 100,
      max: 5000,
      unit_price: '0.015',
      unit_price_tr: '0.50',
      type: 'id',
      available: true,
    });
  });

  it('keeps info exactly as the operator wrote it (the client strips markup)', async () => {
    const info = '<p>اشحن <b>فوراً</b></p><script>alert(1)</script>';
    const id = ids.product['60 شدة']!;
    await t.db.updateTable('products').set({ info }).where('id', '=', id).execute();
    const res = await t.request({ method: 'GET', url: `${API}/products/${id}` });
    expect(res.json().data.product.info).toBe(info);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/products/777777` });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('المنتج المطلوب غير موجود');
  });
});

describe('POST /check-player', () => {
  const check = (payload: object, token: string | null = customer.token) =>
    t.request({ method: 'POST', url: `${API}/check-player`, ...(token ? { token } : {}), payload });

  it('asks the demo supplier and always gets the same name for the same id', async () => {
    const first = await check({ player_id: '5123456789', product_id: ids.product['660 شدة'] });
    expect(first.statusCode).toBe(200);
    const name = first.json().player_name;
    expect(name).toMatch(/^[A-Za-z]+_6789$/);
    expect(first.json().data.player_name).toBe(name);
    const again = await check({ player_id: 5123456789, product_id: String(ids.product['660 شدة']) });
    expect(again.json().player_name).toBe(name);
  });

  it("answers 'Not Found' for an id the supplier does not know or a product with no supplier", async () => {
    expect((await check({ player_id: '1234', product_id: ids.product['660 شدة'] })).json().player_name).toBe(
      PLAYER_NOT_FOUND,
    );
    expect((await check({ player_id: 'abcdef', product_id: ids.product['660 شدة'] })).json().player_name).toBe(
      PLAYER_NOT_FOUND,
    );
    expect(
      (await check({ player_id: '5123456789', product_id: ids.product['العضوية الأسبوعية'] })).json().player_name,
    ).toBe(PLAYER_NOT_FOUND);
  });

  it('refuses a guest, a missing player id and an unknown product with Arabic messages', async () => {
    expect((await check({ player_id: '55555', product_id: ids.product['660 شدة'] }, null)).statusCode).toBe(401);
    const blank = await check({ player_id: '  ', product_id: ids.product['660 شدة'] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().msg).toBe('يرجى إدخال رقم اللاعب');
    expect(blank.json().errors.player_id).toEqual(['يرجى إدخال رقم اللاعب']);
    const tooLong = await check({ player_id: '1'.repeat(101), product_id: ids.product['660 شدة'] });
    expect(tooLong.statusCode).toBe(422);
    const unknown = await check({ player_id: '55555', product_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.product_id).toEqual(['المنتج المطلوب غير موجود']);
  });

  it('reports a supplier that cannot answer as a lookup failure, not as a name', async () => {
    const down: PlayerResolver = {
      resolve: async () => {
        throw new Error('connection refused');
      },
    };
    const input = { player_id: '5123456789', product_id: ids.product['660 شدة']! };
    await expect(checkPlayer(t.db, new Map([['demo', down]]), input)).rejects.toBeInstanceOf(PlayerLookupFailed);
    expect(await checkPlayer(t.db, new Map([['demo', demoResolver]]), input)).not.toBe(PLAYER_NOT_FOUND);
  });
});

describe('OpenAPI', () => {
  it('documents the catalog and order calls', async () => {
    const doc = (await t.request({ method: 'GET', url: `${API}/openapi.json` })).json();
    for (const p of [
      '/categories',
      '/categories/{id}',
      '/departments/{id}',
      '/products/{id}',
      '/check-player',
      '/orders-create-fixed',
      '/orders-create-free',
      '/orders-create-code',
    ]) {
      expect(doc.paths[`${API}${p}`], p).toBeDefined();
    }
  });
});
