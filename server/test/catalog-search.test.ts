import { searchWords, wordMatches } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';

const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';
const arabic = /[\u0600-\u06FF]/;

let t: TestApp;
let customer: TestUser;
let operator: TestUser;

type Found = {
  categories: { id: number; name: string; available: boolean }[];
  departments: { id: number; name: string; category_name: string }[];
  products: { id: number; name: string; price: string; available: boolean }[];
};

async function search(q: string, token = customer.token): Promise<Found> {
  const res = await t.request({ method: 'GET', url: `${API}/search?q=${encodeURIComponent(q)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const names = (list: { name: string }[]) => list.map((x) => x.name);

beforeAll(async () => {
  t = await setupApp({ seed: true });
  customer = await t.createUser();
  operator = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  await t.close();
});

describe('Arabic as customers type it (contract searchWords / wordMatches)', () => {
  it('folds hamza forms, ta marbuta, alef maqsura, diacritics, tatweel and Eastern digits', () => {
    expect(searchWords('أإآٱ ؤ ئ ة ى')).toEqual(['اااا', 'و', 'ي', 'ه', 'ي']);
    expect(searchWords('شَـــدَّةٌ')).toEqual(['شده']);
    expect(searchWords('بطاقة ١٠$')).toEqual(['بطاقه', '10']);
    expect(searchWords('۶۶۰شدة')).toEqual(['660', 'شده']);
    // Presentation forms (copied from old PDFs) and full-width Latin unfold; Latin is lower case.
    expect(searchWords('ﺷﺪﺓ ＰＵＢＧ')).toEqual(['شده', 'pubg']);
    expect(searchWords('شدات ببجي (UC)')).toEqual(['شدات', 'ببجي', 'uc']);
  });

  it('a number is the whole number; a word finds its beginning and its other forms', () => {
    expect(wordMatches('10', '10')).toBe(true);
    expect(wordMatches('10', '100')).toBe(false);
    expect(wordMatches('pub', 'pubg')).toBe(true);
    expect(wordMatches('شده', 'شدات')).toBe(true);
    expect(wordMatches('بطاقه', 'البطاقات')).toBe(true);
    expect(wordMatches('جوهره', 'جواهر')).toBe(false);
  });
});

describe('GET /search', () => {
  it('is for signed-in customers, like the categories it searches', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/search?q=pubg` });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(arabic);
  });

  it('«شدة» finds the PUBG category, its UC departments and every UC product, grouped by kind', async () => {
    const found = await search('شدة');
    expect(names(found.categories)).toEqual(['ببجي موبايل']);
    expect(names(found.departments)).toEqual(['شدات ببجي (UC)', 'شدات بالكمية']);
    expect(found.departments.every((d) => d.category_name === 'ببجي موبايل')).toBe(true);
    expect(names(found.products)).toEqual(['60 شدة', '325 شدة', '660 شدة', '1800 شدة', 'شدات بالعدد']);
    // A product that cannot be bought is found and says so; its card shows "not available".
    expect(found.products.find((p) => p.name === '1800 شدة')?.available).toBe(false);
    expect(found.products.find((p) => p.name === '660 شدة')?.price).toBe('9.50');
  });

  it('«بطاقة 10» finds the 10 $ card and nothing that only shares a word', async () => {
    const found = await search('بطاقة 10');
    expect(names(found.products)).toEqual(['بطاقة 10$']);
    expect(found.categories).toEqual([]);
    expect(found.departments).toEqual([]);
  });

  it.each([
    ['شــدة', '60 شدة'],
    ['٦٦٠ شدة', '660 شدة'],
    ['بطاقه ١٠', 'بطاقة 10$'],
    ['جوهره', '100 جوهرة'],
    ['العضويه الاسبوعية', 'العضوية الأسبوعية'],
    ['ايتونز 50', 'آيتونز 50$'],
  ])('«%s» finds «%s» (spelling folded)', async (q, product) => {
    expect(names((await search(q)).products)).toContain(product);
  });

  it('finds a category by a keyword and a word of its name by its beginning', async () => {
    expect(names((await search('FREE fire')).categories)).toEqual(['فري فاير']);
    expect(names((await search('ايتون')).categories)).toEqual(['آيتونز']);
  });

  it('a word of where a product sits narrows the search, but alone finds the place, not its products', async () => {
    const pubgOnly = await search('ببجي');
    expect(names(pubgOnly.categories)).toEqual(['ببجي موبايل']);
    expect(pubgOnly.products).toEqual([]);
    expect(names((await search('ببجي 660')).products)).toEqual(['660 شدة']);
  });

  it('a blank search, or one of marks only, finds nothing; a too long one is a 422 in Arabic', async () => {
    expect(await search('   ')).toEqual({ categories: [], departments: [], products: [] });
    expect(await search('ـــ ًٌ')).toEqual({ categories: [], departments: [], products: [] });
    const q = encodeURIComponent('ا'.repeat(101));
    const long = await t.request({ method: 'GET', url: `${API}/search?q=${q}`, token: customer.token });
    expect(long.statusCode).toBe(422);
    expect(long.json().msg).toMatch(arabic);
  });
});

describe("the operator's keywords on products", () => {
  it('are saved through the console API, refused when too long, and found by the search at once', async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id'])
      .where('name', '=', 'متابعين انستغرام 1000')
      .executeTakeFirstOrThrow();
    expect(names((await search('followers')).products)).toEqual([]);

    const tooLong = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${product.id}`,
      token: operator.token,
      payload: { keywords: 'x'.repeat(301) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.keywords[0]).toMatch(arabic);

    const saved = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${product.id}`,
      token: operator.token,
      payload: { keywords: '  instagram followers فولورز ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.product.keywords).toBe('instagram followers فولورز');

    // The operator's write drops the cached index: the next search sees the keywords.
    expect(names((await search('followers')).products)).toEqual(['متابعين انستغرام 1000']);
    expect(names((await search('فولورز')).products)).toEqual(['متابعين انستغرام 1000']);
    // Keywords stay the operator's: the customer's product reply does not carry them.
    const reply = await t.request({ method: 'GET', url: `${API}/products/${product.id}` });
    expect(reply.json().data.product).not.toHaveProperty('keywords');
  });

  it('a new product with keywords and a name in ى / ة is found however the customer spells it', async () => {
    const category = await t.db.selectFrom('categories').select('id').where('name', '=', 'فري فاير').executeTakeFirst();
    const created = await t.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: operator.token,
      payload: { category_id: category?.id, name: 'هدية مُستوى ١٠', price: '2.00', keywords: 'levelup' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(names((await search('هديه مستوي 10')).products)).toEqual(['هدية مُستوى ١٠']);
    expect(names((await search('LevelUp')).products)).toEqual(['هدية مُستوى ١٠']);
  });
});
