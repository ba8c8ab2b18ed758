import type { AdminProduct } from '@raseed/contract';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import { toAdminProduct } from './catalog-dto';
import { checkDelivery } from '../delivery/product-delivery';
import { exists } from './catalog-resources';
import type { Resource } from './crud';
import { operatorMsg } from './messages-ar';
import { likePattern, pageOf, pageWindow } from './paging';

/**
 * A product sits in a category and optionally one of its departments; naming only the
 * department places it in that department's category. It must cost something: its price, or
 * for a free-quantity product its unit price.
 */
async function prepare(trx: DB, v: Record<string, unknown>): Promise<Record<string, unknown>> {
  let categoryId = (v.category_id as number | null | undefined) ?? null;
  const departmentId = (v.department_id as number | null | undefined) ?? null;
  if (departmentId !== null) {
    const dep = await trx.selectFrom('departments').select('category_id').where('id', '=', departmentId).executeTakeFirst();
    if (!dep) throw AppError.fields({ department_id: [operatorMsg.departmentNotFound] });
    if (categoryId === null) categoryId = dep.category_id;
    else if (categoryId !== dep.category_id) throw AppError.fields({ department_id: [operatorMsg.departmentOutsideCategory] });
  }
  if (categoryId === null) throw AppError.fields({ category_id: [operatorMsg.placeRequired] });
  if (!(await exists(trx, 'categories', 'id', categoryId))) throw AppError.fields({ category_id: [operatorMsg.categoryNotFound] });
  const errors: Record<string, string[]> = {};
  if (Number(v.max) < Number(v.min)) errors.max = [operatorMsg.maxBelowMin];
  if (v.free === 1 && Number(v.unit_price) <= 0) errors.unit_price = [operatorMsg.unitPriceRequired];
  if (v.free !== 1 && Number(v.price) <= 0) errors.price = [operatorMsg.priceRequired];
  Object.assign(errors, await checkDelivery(trx, v));
  if (Object.keys(errors).length) throw AppError.fields(errors);
  return { ...v, category_id: categoryId, department_id: departmentId };
}

export const productResource: Resource<'products', AdminProduct> = {
  table: 'products',
  entity: 'product',
  notFound: operatorMsg.productNotFound,
  toDto: toAdminProduct,
  prepare,
  inUse: { check: (trx, id) => exists(trx, 'orders', 'product_id', id), message: operatorMsg.productInUse },
};

export type ProductFilter = { categoryId?: number | undefined; departmentId?: number | undefined; search?: string | undefined; page: number };

const PAGE_SIZE = 50;

export async function listProducts(db: DB, f: ProductFilter) {
  let q = db.selectFrom('products').selectAll();
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId);
  if (f.departmentId !== undefined) q = q.where('department_id', '=', f.departmentId);
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  }
  const { limit, offset } = pageWindow(f.page, PAGE_SIZE);
  const rows = await q.orderBy('sort').orderBy('id').limit(limit).offset(offset).execute();
  const { items, paginate } = pageOf(rows, f.page, PAGE_SIZE);
  return { products: items.map(toAdminProduct), paginate };
}
