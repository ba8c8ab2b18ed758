import type { AdminBank, AdminCategory, AdminDepartment, AdminPartner, AdminSlider } from '@raseed/contract';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import { toAdminBank, toAdminCategory, toAdminDepartment, toAdminPartner, toAdminSlider } from './catalog-dto';
import type { Resource } from './crud';
import { operatorMsg } from './messages-ar';

/** The rules of the simple catalog tables: what must exist before a write, what blocks a delete. */

export async function exists(trx: DB, table: 'categories' | 'departments' | 'products' | 'orders' | 'charges', column: string, id: number): Promise<boolean> {
  const row = await (trx as any).selectFrom(table).select('id').where(column, '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

export const categoryResource: Resource<'categories', AdminCategory> = {
  table: 'categories',
  entity: 'category',
  notFound: operatorMsg.categoryNotFound,
  toDto: toAdminCategory,
  inUse: {
    check: async (trx, id) => (await exists(trx, 'departments', 'category_id', id)) || exists(trx, 'products', 'category_id', id),
    message: operatorMsg.categoryInUse,
  },
};

export const departmentResource: Resource<'departments', AdminDepartment> = {
  table: 'departments',
  entity: 'department',
  notFound: operatorMsg.departmentNotFound,
  toDto: toAdminDepartment,
  async prepare(trx, values) {
    if (!(await exists(trx, 'categories', 'id', Number(values.category_id)))) {
      throw AppError.fields({ category_id: [operatorMsg.categoryNotFound] });
    }
    return values;
  },
  inUse: { check: (trx, id) => exists(trx, 'products', 'department_id', id), message: operatorMsg.departmentInUse },
};

export const sliderResource: Resource<'sliders', AdminSlider> = {
  table: 'sliders',
  entity: 'slider',
  notFound: operatorMsg.sliderNotFound,
  toDto: toAdminSlider,
};

export const bankResource: Resource<'banks', AdminBank> = {
  table: 'banks',
  entity: 'bank',
  notFound: operatorMsg.bankNotFound,
  toDto: toAdminBank,
  inUse: { check: (trx, id) => exists(trx, 'charges', 'bank_id', id), message: operatorMsg.bankInUse },
};

export const partnerResource: Resource<'partners', AdminPartner> = {
  table: 'partners',
  entity: 'partner',
  notFound: operatorMsg.partnerNotFound,
  toDto: toAdminPartner,
};
