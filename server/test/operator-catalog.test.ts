import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, multipart, PUBLIC, placeOrder, png } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  customer = await t.createUser({ balance: 100_000_000 });
});
afterAll(async () => {
  await t.close();
});

const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('catalog editing', () => {
  it('creates a category with an uploaded image that the storefront shows', async () => {
    const body = multipart({
      name: 'بطاقات جوجل',
      available: 'true',
      sort: '2',
      img: { file: png(8, 8), name: 'cat.png' },
    });
    const res = await t.request({ method: 'POST', url: `${ADMIN}/categories`, token: op.token, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const category = res.json().data.category;
    expect(category).toMatchObject({ name: 'بطاقات جوجل', available: true, sort: 2 });
    expect(category.img).toMatch(/^http:\/\/localhost:80\/media\/catalog\/[0-9a-f]{24}\.png$/);
    const img = await t.request({ method: 'GET', url: category.img });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const shop = await t.request({ method: 'GET', url: `${PUBLIC}/categories`, token: customer.token });
    expect(shop.json().data.categories).toContainEqual({
      id: category.id,
      name: 'بطاقات جوجل',
      img: category.img,
      available: true,
      keywords: '',
    });
  });

  it('refuses an SVG or a file that only claims to be an image, storing nothing', async () => {
    for (const file of [svg, Buffer.from('just text, named .png')]) {
      const body = multipart({ name: 'قسم', img: { file, name: 'x.png', type: 'image/png' } });
      const res = await t.request({ method: 'POST', url: `${ADMIN}/categories`, token: op.token, ...body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.img).toEqual(['يرجى رفع صورة بصيغة JPG أو PNG أو WebP']);
    }
    const names = (await t.db.selectFrom('categories').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('قسم');
  });

  it('refuses over-long and missing text with 422 naming the field', async () => {
    const long = await t.request({
      method: 'POST',
      url: `${ADMIN}/categories`,
      token: op.token,
      payload: { name: 'ا'.repeat(121) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toBeDefined();
    const blank = await t.request({
      method: 'POST',
      url: `${ADMIN}/banks`,
      token: op.token,
      payload: { name: 'بنك', iban: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.iban).toEqual(['هذا الحقل مطلوب']);
    const link = await t.request({
      method: 'POST',
      url: `${ADMIN}/sliders`,
      token: op.token,
      payload: { link: 'javascript:alert(1)' },
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().errors.link).toBeDefined();
  });

  it('creates a product from a form with every field, which a customer can then buy', async () => {
    const { department } = await makeCatalog(t, op);
    const body = multipart({
      department_id: department.id,
      name: 'شدات ببجي حسب الطلب',
      info: '<b>يصل خلال دقائق</b>',
      available: 'true',
      price: '1.25',
      price_syr: '18000',
      price_tr: '42.5',
      is_discount: 'true',
      discount: '10',
      type: 'id',
      free: 'true',
      min: '2',
      max: '50',
      unit_price: '0.0125',
      unit_price_tr: '0.43',
      img: { file: png(), name: 'p.png' },
    });
    const res = await t.request({ method: 'POST', url: `${ADMIN}/products`, token: op.token, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().data.product;
    expect(product).toMatchObject({
      category_id: department.category_id,
      department_id: department.id,
      unit_price: '0.0125',
      price_syr: '18000.00',
      is_discount: true,
      discount: 10,
      free: true,
      min: 2,
      max: 50,
    });
    const seen = await t.request({ method: 'GET', url: `${PUBLIC}/products/${product.id}`, token: customer.token });
    expect(seen.json().data.product).toMatchObject({
      name: 'شدات ببجي حسب الطلب',
      available: true,
      price: '1.25',
      unit_price: '0.0125',
      free: true,
    });
    const buy = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-free`,
      token: customer.token,
      payload: { player_id: '777', product_id: product.id, qty: '4' },
    });
    expect(buy.statusCode, buy.body).toBeLessThan(300);
    expect(buy.json().data.order.price).toBe('0.05');
  });

  it('checks where a product goes and that its numbers make sense', async () => {
    const a = await makeCatalog(t, op);
    const b = await makeCatalog(t, op);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', price: '1' }, 'category_id'],
      [{ name: 'x', price: '1', category_id: a.category.id, department_id: b.department.id }, 'department_id'],
      [{ name: 'x', price: '1', category_id: a.category.id, min: 5, max: 2 }, 'max'],
      [{ name: 'x', price: '0', category_id: a.category.id }, 'price'],
      [{ name: 'x', price: '-1', category_id: a.category.id }, 'price'],
      [{ name: 'x', price: '1', category_id: a.category.id, free: true, unit_price: '0' }, 'unit_price'],
      [{ name: 'x', price: '1', category_id: a.category.id, discount: 101 }, 'discount'],
      [{ name: 'x', price: '1', category_id: a.category.id, type: 'gift' }, 'type'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.request({ method: 'POST', url: `${ADMIN}/products`, token: op.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('updates only the fields sent, replaces the image and removes the old file', async () => {
    const { product } = await makeCatalog(t, op, '3.00');
    const withImg = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${product.id}`,
      token: op.token,
      ...multipart({ img: { file: png(2, 2) } }),
    });
    const first = withImg.json().data.product.img;
    const replaced = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${product.id}`,
      token: op.token,
      ...multipart({ price: '3.5', available: 'false', img: { file: png(3, 3) } }),
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.product).toMatchObject({ price: '3.50', available: false, name: product.name });
    expect(replaced.json().data.product.img).not.toBe(first);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    const seen = await t.request({ method: 'GET', url: `${PUBLIC}/products/${product.id}`, token: customer.token });
    expect(seen.json().data.product.available).toBe(false);
    const cleared = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${product.id}`,
      token: op.token,
      payload: { remove_img: true },
    });
    expect(cleared.json().data.product.img).toBeNull();
  });

  it(
    'keeps both changes when two operators edit different fields of a product at ' +
      'once [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const { product } = await makeCatalog(t, op, '2.00');
      const [a, b] = await Promise.all([
        t.request({
          method: 'PATCH',
          url: `${ADMIN}/products/${product.id}`,
          token: op.token,
          payload: { name: 'اسم جديد' },
        }),
        t.request({
          method: 'PATCH',
          url: `${ADMIN}/products/${product.id}`,
          token: op.token,
          payload: { price: '2.25' },
        }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const seen = await t.request({ method: 'GET', url: `${ADMIN}/products/${product.id}`, token: op.token });
      expect(seen.json().data.product).toMatchObject({ name: 'اسم جديد', price: '2.25' });
    },
  );

  it('refuses to delete what others still point at, and deletes the rest', async () => {
    const { category, department, product } = await makeCatalog(t, op);
    await placeOrder(t, customer, product.id);
    const cat = await t.request({ method: 'DELETE', url: `${ADMIN}/categories/${category.id}`, token: op.token });
    expect(cat.statusCode).toBe(409);
    expect(cat.json().msg).toContain('لا يمكن حذف قسم');
    const prod = await t.request({ method: 'DELETE', url: `${ADMIN}/products/${product.id}`, token: op.token });
    expect(prod.statusCode).toBe(409);
    expect(prod.json().msg).toBe('لا يمكن حذف منتج له طلبات سابقة؛ اجعله غير متوفر بدلاً من ذلك');

    const spare = await t.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: op.token,
      ...multipart({ department_id: department.id, name: 'مؤقت', price: '1', img: { file: png() } }),
    });
    const spareProduct = spare.json().data.product;
    const gone = await t.request({ method: 'DELETE', url: `${ADMIN}/products/${spareProduct.id}`, token: op.token });
    expect(gone.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `${PUBLIC}/products/${spareProduct.id}`, token: customer.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: spareProduct.img })).statusCode).toBe(404);
  });

  it('edits sliders, banks and partners that customers see', async () => {
    const slider = await t.request({
      method: 'POST',
      url: `${ADMIN}/sliders`,
      token: op.token,
      ...multipart({ link: '/categories/1', img: { file: png() } }),
    });
    expect(slider.statusCode).toBe(201);
    const bank = await t.request({
      method: 'POST',
      url: `${ADMIN}/banks`,
      token: op.token,
      payload: { name: 'حوالة الهرم', iban: '0944 000 111', info: 'باسم: متجر رصيد' },
    });
    expect(bank.statusCode).toBe(201);
    const partner = await t.request({
      method: 'POST',
      url: `${ADMIN}/partners`,
      token: op.token,
      payload: { name: 'وكيل حلب', phone: '+963 944 123 456', address: 'حلب - الجميلية' },
    });
    expect(partner.statusCode).toBe(201);
    const setting = await t.request({ method: 'GET', url: `${PUBLIC}/setting` });
    expect(setting.json().data.sliders.map((s: { id: number }) => s.id)).toContain(slider.json().data.slider.id);
    const banks = await t.request({ method: 'GET', url: `${PUBLIC}/banks`, token: customer.token });
    expect(banks.json().data.banks).toContainEqual(
      expect.objectContaining({ name: 'حوالة الهرم', iban: '0944 000 111' }),
    );
    const partners = await t.request({ method: 'GET', url: `${PUBLIC}/partners`, token: customer.token });
    expect(partners.json().data.partners).toContainEqual(
      expect.objectContaining({ name: 'وكيل حلب', address: 'حلب - الجميلية' }),
    );
    const badPhone = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/partners/${partner.json().data.partner.id}`,
      token: op.token,
      payload: { phone: 'call me' },
    });
    expect(badPhone.statusCode).toBe(422);
    const del = await t.request({
      method: 'DELETE',
      url: `${ADMIN}/sliders/${slider.json().data.slider.id}`,
      token: op.token,
    });
    expect(del.statusCode).toBe(200);
  });

  it('records creates, updates and deletes in the audit log with before and after', async () => {
    const made = await t.request({
      method: 'POST',
      url: `${ADMIN}/partners`,
      token: op.token,
      payload: { name: 'وكيل دمشق' },
    });
    const id = made.json().data.partner.id;
    await t.request({
      method: 'PATCH',
      url: `${ADMIN}/partners/${id}`,
      token: op.token,
      payload: { name: 'وكيل دمشق - المزة', phone: '+963911' },
    });
    await t.request({ method: 'DELETE', url: `${ADMIN}/partners/${id}`, token: op.token });
    const res = await t.request({
      method: 'GET',
      url: `${ADMIN}/audit?entity=partner&entity_id=${id}`,
      token: op.token,
    });
    const entries = res.json().data.entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'partner.delete',
      'partner.update',
      'partner.create',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { id: op.id, email: op.email },
      before: { name: 'وكيل دمشق', phone: '' },
      after: { name: 'وكيل دمشق - المزة', phone: '+963911' },
    });
    expect(entries[2]).toMatchObject({ before: null, after: { name: 'وكيل دمشق' } });
    expect(entries[0]).toMatchObject({ before: { name: 'وكيل دمشق - المزة' }, after: null });
  });
});
