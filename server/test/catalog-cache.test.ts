import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let customer: TestUser;
let catalog: Awaited<ReturnType<typeof makeCatalog>>;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  customer = await t.createUser();
  catalog = await makeCatalog(t, op);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, etag?: string) =>
  t.request({
    method: 'GET',
    url: `${PUBLIC}${url}`,
    token: customer.token,
    ...(etag ? { headers: { 'if-none-match': etag } } : {}),
  });
const patch = (url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `${ADMIN}${url}`, token: op.token, payload });

describe('catalog reads served from memory', () => {
  it('answers 304 to a matching If-None-Match on every catalog read, the full body otherwise', async () => {
    for (const url of [
      '/categories',
      `/categories/${catalog.category.id}`,
      `/departments/${catalog.department.id}`,
      `/products/${catalog.product.id}`,
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control']).toMatch(/no-cache/);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      const other = await get(url, '"stale"');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }
  });

  it('keeps the list private to signed-in customers though it is cached', async () => {
    await get('/categories');
    const guest = await t.request({ method: 'GET', url: `${PUBLIC}/categories` });
    expect(guest.statusCode).toBe(401);
    expect((await get('/categories')).headers.vary).toMatch(/authorization/i);
  });

  it("shows an operator's product edit on the very next read, with a new ETag", async () => {
    const url = `/products/${catalog.product.id}`;
    const before = await get(url);
    expect(before.json().data.product.price).toBe('5.00');
    const res = await patch(`/products/${catalog.product.id}`, { price: '7.25', name: 'شدات جديدة' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get(url, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.product).toMatchObject({ price: '7.25', name: 'شدات جديدة' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const dep = await get(`/departments/${catalog.department.id}`);
    expect(dep.json().data.products[0]).toMatchObject({ price: '7.25', name: 'شدات جديدة' });
  });

  it('stops the sale on every cached page at once when the category is switched off', async () => {
    await get('/categories');
    await get(`/categories/${catalog.category.id}`);
    const res = await patch(`/categories/${catalog.category.id}`, { available: false });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await get('/categories')).json().data.categories;
    expect(list.find((c: { id: number }) => c.id === catalog.category.id).available).toBe(false);
    const page = (await get(`/categories/${catalog.category.id}`)).json().data;
    expect(page).toMatchObject({ category: { available: false }, departments: [], products: [] });
    expect((await get(`/products/${catalog.product.id}`)).json().data.product.available).toBe(false);
  });

  it('shows a renamed department and answers 404 for a deleted product on the next read', async () => {
    await get(`/departments/${catalog.department.id}`);
    expect((await patch(`/departments/${catalog.department.id}`, { name: 'قسم جديد' })).statusCode).toBe(200);
    expect((await get(`/departments/${catalog.department.id}`)).json().data.department.name).toBe('قسم جديد');
    const del = await t.request({ method: 'DELETE', url: `${ADMIN}/products/${catalog.product.id}`, token: op.token });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await get(`/products/${catalog.product.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('المنتج المطلوب غير موجود');
  });
});
