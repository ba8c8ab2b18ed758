import { categoriesReply, categoryReply, departmentReply, productReply } from '@raseed/contract';
import type { DB } from '../db/database';
import { type CachedReply, toCachedReply } from '../lib/http-cache';
import { ttlMemo } from '../lib/memo';
import { getCategories, getCategory, getDepartment, getProduct } from './service';

/**
 * The catalog is read on every page and written by an operator a few times a day, so its replies
 * are serialized once and served as bytes. The admin API drops every memo after each write
 * (app.ts), so this instance shows an edit on the next read; another instance within TTL_MS.
 */
const TTL_MS = 5_000;

// Several stores can share a process (tests): each database gets its own keys.
const dbKeys = new WeakMap<DB, number>();
let lastDbKey = 0;
function keyOf(db: DB, id: number): string {
  let k = dbKeys.get(db);
  if (k === undefined) {
    k = ++lastDbKey;
    dbKeys.set(db, k);
  }
  return `${k}:${id}`;
}

const categoriesMemo = ttlMemo<DB, CachedReply>(TTL_MS);
const categoryMemo = ttlMemo<string, CachedReply>(TTL_MS);
const departmentMemo = ttlMemo<string, CachedReply>(TTL_MS);
const productMemo = ttlMemo<string, CachedReply>(TTL_MS);

export function categoriesCached(db: DB): Promise<CachedReply> {
  return categoriesMemo.get(db, async () => toCachedReply(categoriesReply, { status: 'success', data: { categories: await getCategories(db) } }));
}

/** A missing id rejects with the 404 and is not kept, so only existing rows take memory. */
export function categoryCached(db: DB, id: number): Promise<CachedReply> {
  return categoryMemo.get(keyOf(db, id), async () => toCachedReply(categoryReply, { status: 'success', data: await getCategory(db, id) }));
}

export function departmentCached(db: DB, id: number): Promise<CachedReply> {
  return departmentMemo.get(keyOf(db, id), async () => toCachedReply(departmentReply, { status: 'success', data: await getDepartment(db, id) }));
}

export function productCached(db: DB, id: number): Promise<CachedReply> {
  return productMemo.get(keyOf(db, id), async () => toCachedReply(productReply, { status: 'success', data: { product: await getProduct(db, id) } }));
}
