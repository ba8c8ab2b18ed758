import { categoriesReply, categoryReply, departmentReply, productReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { Memo } from '../../kernel/memo';
import { type CachedReply, toCachedReply } from '../../kernel/http-cache';
import { buildSearchIndex, type SearchIndex } from './search';
import { getCategories, getCategory, getDepartment, getProduct } from './service';

/**
 * The catalog is read on every page and written by an operator a few times a day, so its replies
 * are serialized once and served as bytes from the app's memory (`app.caches`). The admin API
 * drops every entry after each write (app.ts), so this instance shows an edit on the next read;
 * another instance within READ_CACHE_TTL_MS.
 */
/** The memos the catalog's replies are kept in (the app's caches hold them, app-caches.ts). */
export type CatalogCaches = {
  categories: Memo<'categories', CachedReply>;
  category: Memo<number, CachedReply>;
  department: Memo<number, CachedReply>;
  product: Memo<number, CachedReply>;
  searchIndex: Memo<'index', SearchIndex>;
};

export function categoriesCached(db: DB, caches: CatalogCaches): Promise<CachedReply> {
  return caches.categories.get('categories', async () =>
    toCachedReply(categoriesReply, { status: 'success', data: { categories: await getCategories(db) } }),
  );
}

/** A missing id rejects with the 404 and is not kept, so only existing rows take memory. */
export function categoryCached(db: DB, caches: CatalogCaches, id: number): Promise<CachedReply> {
  return caches.category.get(id, async () =>
    toCachedReply(categoryReply, { status: 'success', data: await getCategory(db, id) }),
  );
}

export function departmentCached(db: DB, caches: CatalogCaches, id: number): Promise<CachedReply> {
  return caches.department.get(id, async () =>
    toCachedReply(departmentReply, { status: 'success', data: await getDepartment(db, id) }),
  );
}

export function productCached(db: DB, caches: CatalogCaches, id: number): Promise<CachedReply> {
  return caches.product.get(id, async () =>
    toCachedReply(productReply, { status: 'success', data: { product: await getProduct(db, id) } }),
  );
}

/** The search's words of the whole catalog, read once per catalog version like the replies above. */
export function searchIndexCached(db: DB, caches: CatalogCaches): Promise<SearchIndex> {
  return caches.searchIndex.get('index', () => buildSearchIndex(db));
}
