import type { AdminProduct, Paginate } from '@raseed/contract';
import type { DB } from '../../../db/database';
import { checkDelivery } from '../../fulfilment';
import { AppError } from '../../../kernel/errors';
import { operatorMsg } from '../../../kernel/http/operator-messages-ar';
import { pageOf } from '../../../kernel/http/paging';
import type { Resource } from './crud';
import { toAdminProduct } from './dto';
import {
  categoryExists,
  departmentCategory,
  listProductRows,
  type ProductFilter,
  productsRepo,
  productWasOrdered,
} from './repository';

/**
 * A product sits in a category and optionally one of its departments; naming only the
 * department places it in that department's category. It must cost something: its price, or
 * for a free-quantity product its unit price.
 */
async function prepare(trx: DB, v: Record<string, unknown>): Promise<Record<string, unknown>> {
  let categoryId = (v.category_id as number | null | undefined) ?? null;
  const departmentId = (v.department_id as number | null | undefined) ?? null;
  if (departmentId !== null) {
    const depCategory = await departmentCategory(trx, departmentId);
    if (depCategory === undefined) throw AppError.fields({ department_id: [operatorMsg.departmentNotFound] });
    if (categoryId === null) categoryId = depCategory;
    else if (categoryId !== depCategory)
      throw AppError.fields({ department_id: [operatorMsg.departmentOutsideCategory] });
  }
  if (categoryId === null) throw AppError.fields({ category_id: [operatorMsg.placeRequired] });
  if (!(await categoryExists(trx, categoryId))) throw AppError.fields({ category_id: [operatorMsg.categoryNotFound] });
  const errors: Record<string, string[]> = {};
  if (Number(v.max) < Number(v.min)) errors.max = [operatorMsg.maxBelowMin];
  if (v.free === 1 && Number(v.unit_price) <= 0) errors.unit_price = [operatorMsg.unitPriceRequired];
  if (v.free !== 1 && Number(v.price) <= 0) errors.price = [operatorMsg.priceRequired];
  Object.assign(errors, await checkDelivery(trx, v));
  if (Object.keys(errors).length) throw AppError.fields(errors);
  return { ...v, category_id: categoryId, department_id: departmentId };
}

export const productResource: Resource<'products', AdminProduct> = {
  repo: productsRepo,
  entity: 'product',
  notFound: operatorMsg.productNotFound,
  toDto: toAdminProduct,
  prepare,
  inUse: { check: productWasOrdered, message: operatorMsg.productInUse },
};

const PAGE_SIZE = 50;

export async function listProducts(
  db: DB,
  f: ProductFilter,
): Promise<{ products: AdminProduct[]; paginate: Paginate }> {
  const { items, paginate } = pageOf(await listProductRows(db, f, PAGE_SIZE), f.page, PAGE_SIZE);
  return { products: items.map(toAdminProduct), paginate };
}
