import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DB } from '../../../db/database';
import { likePattern, pageWindow } from '../../../kernel/http/paging';

/** The catalog-like tables the operator edits row by row; each has `id`, `img` and `sort`. */
export type CatalogTable = 'categories' | 'departments' | 'products' | 'sliders' | 'banks' | 'partners';
export type Row<T extends CatalogTable> = Selectable<Database[T]>;
export type NewRow<T extends CatalogTable> = Insertable<Database[T]>;
export type RowChange<T extends CatalogTable> = Updateable<Database[T]>;

/** One table's SQL, typed by the table's own row, insert and update shapes. */
export type TableRepository<T extends CatalogTable> = {
  table: T;
  find(db: DB, id: number): Promise<Row<T> | undefined>;
  /** In display order; `where` narrows to one parent (departments of a category). */
  list(db: DB, where?: { column: keyof Row<T> & string; value: number }): Promise<Row<T>[]>;
  insert(db: DB, values: NewRow<T>): Promise<Row<T>>;
  update(db: DB, id: number, set: RowChange<T>): Promise<Row<T>>;
  remove(db: DB, id: number): Promise<void>;
};

/**
 * Kysely cannot follow a table name that is a type parameter, so the queries are written against
 * one member of the union (every member has `id` and `sort`, the only columns named here) and the
 * rows are given back under the caller's table type. This is the one cast in the operator's SQL.
 */
type Same = 'categories';

export function tableRepository<T extends CatalogTable>(table: T): TableRepository<T> {
  const name = table as CatalogTable as Same;
  return {
    table,
    async find(db, id) {
      return (await db.selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst()) as Row<T> | undefined;
    },
    async list(db, where) {
      let q = db.selectFrom(name).selectAll();
      if (where) q = q.where(sql.ref(where.column), '=', where.value);
      return (await q.orderBy('sort').orderBy('id').execute()) as Row<T>[];
    },
    async insert(db, values) {
      return (await db
        .insertInto(name)
        .values(values as NewRow<Same>)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row<T>;
    },
    async update(db, id, set) {
      return (await db
        .updateTable(name)
        .set(set as RowChange<Same>)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row<T>;
    },
    async remove(db, id) {
      await db.deleteFrom(name).where('id', '=', id).execute();
    },
  };
}

export const categoriesRepo = tableRepository('categories');
export const departmentsRepo = tableRepository('departments');
export const productsRepo = tableRepository('products');
export const slidersRepo = tableRepository('sliders');
export const banksRepo = tableRepository('banks');
export const partnersRepo = tableRepository('partners');

/** The catalog's plain tables by name, each with its repository: what the demo seed fills. */
export const catalogTables = {
  categories: categoriesRepo,
  departments: departmentsRepo,
  products: productsRepo,
  sliders: slidersRepo,
  banks: banksRepo,
  partners: partnersRepo,
};

export async function categoryExists(db: DB, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The category a department belongs to; undefined when there is no such department. */
export async function departmentCategory(db: DB, id: number): Promise<number | undefined> {
  return (await db.selectFrom('departments').select('category_id').where('id', '=', id).executeTakeFirst())
    ?.category_id;
}

export async function categoryHasContent(db: DB, id: number): Promise<boolean> {
  const [dep, product] = await Promise.all([
    db.selectFrom('departments').select('id').where('category_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('products').select('id').where('category_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return dep !== undefined || product !== undefined;
}

export async function departmentHasProducts(db: DB, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('products').select('id').where('department_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined
  );
}

export async function productWasOrdered(db: DB, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('orders').select('id').where('product_id', '=', id).limit(1).executeTakeFirst()) !== undefined
  );
}

export async function bankWasUsed(db: DB, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('charges').select('id').where('bank_id', '=', id).limit(1).executeTakeFirst()) !== undefined
  );
}

export type ProductFilter = {
  categoryId?: number | undefined;
  departmentId?: number | undefined;
  search?: string | undefined;
  page: number;
};

/** One page of products (one row more than the page, to tell whether a next page exists). */
export function listProductRows(db: DB, f: ProductFilter, size: number): Promise<Row<'products'>[]> {
  let q = db.selectFrom('products').selectAll();
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId);
  if (f.departmentId !== undefined) q = q.where('department_id', '=', f.departmentId);
  if (f.search) q = q.where(sql<boolean>`lower(name) like ${likePattern(f.search)} escape '\\'`);
  const { limit, offset } = pageWindow(f.page, size);
  return q.orderBy('sort').orderBy('id').limit(limit).offset(offset).execute();
}

/** A delete that lost a race against a new reference (an order placed meanwhile), on either engine. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
