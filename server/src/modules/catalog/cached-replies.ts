import { categoriesReply, categoryReply, departmentReply, productReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { Memo } from '../../kernel/memo';
import { type CachedReply, toCachedReply } from '../../kernel/http-cache';
import { buildSearchIndex, type SearchIndex } from './search';
import { getCategories, getCategory, getDepartment, getProduct } from './service';
import { loadPricing, type StorefrontPricing } from './storefront-pricing';

/**
 * The catalog is read on every page and written by an operator a few times a day, so its replies
 * are serialized once and served as bytes from the app's memory (`app.caches`). The admin API
 * drops every entry after each write (app.ts), so this instance shows an edit on the next read;
 * another instance within READ_CACHE_TTL_MS.
 */
/** The memos one storefront's catalog replies are kept in (the app's caches hold them, app-caches.ts). */
export type CatalogCaches = {
  categories: Memo<'categories', CachedReply>;
  category: Memo<number, CachedReply>;
  department: Memo<number, CachedReply>;
  product: Memo<number, CachedReply>;
  searchIndex: Memo<'index', SearchIndex>;
  /** Its markup and rules, read once per catalog version like the replies built with them. */
  pricing: Memo<'pricing', StorefrontPricing>;
};

/**
 * Each storefront's catalog replies, in memos of its own: a storefront's prices and hidden
 * items never reach another's reply, and storefront 1's reads cost one Map look-up more.
 */
export class CatalogCachesByStorefront {
  readonly #byStorefront = new Map<number, CatalogCaches>();
  constructor(private readonly make: () => CatalogCaches) {}

  of(storefrontId: number): CatalogCaches {
    let caches = this.#byStorefront.get(storefrontId);
    if (!caches) {
      caches = this.make();
      this.#byStorefront.set(storefrontId, caches);
    }
    return caches;
  }

  invalidate(): void {
    for (const caches of this.#byStorefront.values()) for (const memo of Object.values(caches)) memo.invalidate();
  }
}

/** The storefront's prices, as the cached replies (and PostgreSQL's one-statement orders) read them. */
export function pricingCached(db: DB, caches: CatalogCaches, storefrontId: number): Promise<StorefrontPricing> {
  return caches.pricing.get('pricing', () => loadPricing(db, storefrontId));
}

/** The cached replies below come as they are once loaded (Memo.getNow), in a promise until then. */
type Cached = CachedReply | Promise<CachedReply>;

export function categoriesCached(db: DB, caches: CatalogCaches, storefrontId: number): Cached {
  return caches.categories.getNow('categories', async () => {
    const pricing = await pricingCached(db, caches, storefrontId);
    return toCachedReply(categoriesReply, {
      status: 'success',
      data: { categories: await getCategories(db, pricing) },
    });
  });
}

/**
 * A category, department or product reply by id, built with the storefront's prices. A missing
 * id rejects with the 404 and is not kept, so only existing rows take memory.
 */
function cachedById(
  memoOf: (caches: CatalogCaches) => Memo<number, CachedReply>,
  build: (db: DB, id: number, pricing: StorefrontPricing) => Promise<CachedReply>,
) {
  return (db: DB, caches: CatalogCaches, storefrontId: number, id: number): Cached =>
    memoOf(caches).getNow(id, async () => build(db, id, await pricingCached(db, caches, storefrontId)));
}

export const categoryCached = cachedById(
  (caches) => caches.category,
  async (db, id, pricing) =>
    toCachedReply(categoryReply, { status: 'success', data: await getCategory(db, id, pricing) }),
);

export const departmentCached = cachedById(
  (caches) => caches.department,
  async (db, id, pricing) =>
    toCachedReply(departmentReply, { status: 'success', data: await getDepartment(db, id, pricing) }),
);

export const productCached = cachedById(
  (caches) => caches.product,
  async (db, id, pricing) =>
    toCachedReply(productReply, { status: 'success', data: { product: await getProduct(db, id, pricing) } }),
);

/** The search's words of the storefront's catalog, read once per catalog version like the replies above. */
export function searchIndexCached(db: DB, caches: CatalogCaches, storefrontId: number): Promise<SearchIndex> {
  return caches.searchIndex.get('index', async () =>
    buildSearchIndex(db, await pricingCached(db, caches, storefrontId)),
  );
}
