import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, DB } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { hasSellableCode } from '../fulfilment';
import { now } from '../../kernel/time';

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
function products(db: DB, t: string = now()) {
  return (
    db
      .selectFrom('products')
      .leftJoin('departments', 'departments.id', 'products.department_id')
      .leftJoin('categories', (join) =>
        join.on(sql<boolean>`categories.id = coalesce(products.category_id, departments.category_id)`),
      )
      .selectAll('products')
      .select('categories.available as category_available')
      // The category it sits in, directly or through its department: a storefront's rules for it apply.
      .select('categories.id as in_category_id')
      .select(hasSellableCode(t).as('has_stock'))
  );
}
export type ProductRow = Awaited<ReturnType<typeof findProduct>> & {};

/** The columns an order is checked and priced with (orders/order-terms.ts). */
export const PRICED_COLUMNS = [
  'name',
  'type',
  'free',
  'available',
  'delivery',
  'price',
  'price_syr',
  'price_tr',
  'unit_price',
  'unit_price_tr',
  'min',
  'max',
] as const;

export type PricedProduct = Pick<
  ProductRow,
  'id' | 'category_available' | 'in_category_id' | (typeof PRICED_COLUMNS)[number]
>;

/**
 * True while the product, and the availability (and id) of the category it sits in, still read as `row`
 * in every column an order is checked and priced with. A write decided from a cached read puts
 * this in its WHERE, so it refuses itself when the catalog changed since. Its shape never
 * depends on the values (a query template builds it with stand-ins). PostgreSQL only.
 */
export function productUnchanged(row: PricedProduct): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  let q = eb
    .selectFrom('products')
    .leftJoin('departments', 'departments.id', 'products.department_id')
    .leftJoin('categories', (join) =>
      join.on(sql<boolean>`categories.id = coalesce(products.category_id, departments.category_id)`),
    )
    .select('products.id')
    .where('products.id', '=', row.id)
    .where('categories.available', 'is not distinct from', row.category_available)
    // A storefront prices it by the category it sits in: one moved since is priced afresh.
    .where('categories.id', 'is not distinct from', row.in_category_id);
  for (const column of PRICED_COLUMNS) q = q.where(`products.${column}`, '=', row[column]);
  return eb.exists(q);
}

/** The product an order is priced from (and a product page shows): built once, a query template. */
const productById = queryTemplate(['id', 't'], (db, v: { id: number; t: string }) =>
  products(db, v.t).where('products.id', '=', v.id),
);

export async function findProduct(db: DB, id: number) {
  return (await productById(db, { id, t: now() })).rows[0];
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

/** Every department, in the order the store shows them inside a category (the search index). */
export function listAllDepartments(db: DB) {
  return db.selectFrom('departments').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Every product with its category's availability and stock (the search index). */
export function listAllProducts(db: DB) {
  return products(db).orderBy('products.sort').orderBy('products.id').execute();
}
