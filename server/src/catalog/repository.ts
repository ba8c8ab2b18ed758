import { sql } from 'kysely';
import type { DB } from '../db/database';
import { hasSellableCode } from '../delivery/sell-from-stock';
import { now } from '../lib/time';

export function listCategories(db: DB) {
  return db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findCategory(db: DB, id: number) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listDepartments(db: DB, categoryId: number) {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('category_id', '=', categoryId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findDepartment(db: DB, id: number) {
  return db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Products with the availability of the category they sit in (directly, or through their
 * department): switching a category off stops the sale of everything inside it.
 */
function products(db: DB) {
  return db
    .selectFrom('products')
    .leftJoin('departments', 'departments.id', 'products.department_id')
    .leftJoin('categories', (join) =>
      join.on(sql<boolean>`categories.id = coalesce(products.category_id, departments.category_id)`),
    )
    .selectAll('products')
    .select('categories.available as category_available')
    .select(hasSellableCode(now()).as('has_stock'));
}
export type ProductRow = Awaited<ReturnType<typeof findProduct>> & {};

export function findProduct(db: DB, id: number) {
  return products(db).where('products.id', '=', id).executeTakeFirst();
}

/** Products placed in the category itself, outside any department. */
export function listCategoryProducts(db: DB, categoryId: number) {
  return products(db)
    .where('products.category_id', '=', categoryId)
    .where('products.department_id', 'is', null)
    .orderBy('products.sort')
    .orderBy('products.id')
    .execute();
}

export function listDepartmentProducts(db: DB, departmentId: number) {
  return products(db)
    .where('products.department_id', '=', departmentId)
    .orderBy('products.sort')
    .orderBy('products.id')
    .execute();
}
