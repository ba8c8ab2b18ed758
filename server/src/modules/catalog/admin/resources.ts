import type { AdminBank, AdminCategory, AdminDepartment, AdminPartner, AdminSlider } from '@raseed/contract';
import { MICROS } from '@raseed/contract';
import { AppError } from '../../../kernel/errors';
import { operatorMsg } from '../../../kernel/http/operator-messages-ar';
import type { Resource } from './crud';
import { toAdminBank, toAdminCategory, toAdminDepartment, toAdminPartner, toAdminSlider } from './dto';
import {
  bankWasUsed,
  banksRepo,
  categoriesRepo,
  categoryExists,
  categoryHasContent,
  departmentHasProducts,
  departmentsRepo,
  partnersRepo,
  slidersRepo,
} from './repository';

/** The rules of the simple catalog tables: what must exist before a write, what blocks a delete. */

export const categoryResource: Resource<'categories', AdminCategory> = {
  repo: categoriesRepo,
  entity: 'category',
  notFound: operatorMsg.categoryNotFound,
  toDto: toAdminCategory,
  inUse: { check: categoryHasContent, message: operatorMsg.categoryInUse },
};

export const departmentResource: Resource<'departments', AdminDepartment> = {
  repo: departmentsRepo,
  entity: 'department',
  notFound: operatorMsg.departmentNotFound,
  toDto: toAdminDepartment,
  async prepare(trx, values) {
    if (!(await categoryExists(trx, Number(values.category_id)))) {
      throw AppError.fields({ category_id: [operatorMsg.categoryNotFound] });
    }
    return values;
  },
  inUse: { check: departmentHasProducts, message: operatorMsg.departmentInUse },
};

export const sliderResource: Resource<'sliders', AdminSlider> = {
  repo: slidersRepo,
  entity: 'slider',
  notFound: operatorMsg.sliderNotFound,
  toDto: toAdminSlider,
  perStorefront: true,
};

export const bankResource: Resource<'banks', AdminBank> = {
  repo: banksRepo,
  entity: 'bank',
  notFound: operatorMsg.bankNotFound,
  toDto: toAdminBank,
  // A dollar bank's rate is 1; another currency needs the operator's own rate (docs/topups.md#currencies).
  async prepare(_trx, values, sent) {
    if ((values.currency ?? 'USD') === 'USD') {
      if (sent.rate !== undefined && Number(sent.rate) !== MICROS)
        throw AppError.fields({ rate: [operatorMsg.bankRateDollar] });
      return { ...values, currency: 'USD', rate: MICROS };
    }
    // Turning a dollar bank into a lira one without saying the rate would leave it at 1.
    const rate = Number(values.rate);
    if (!(rate > 0) || (sent.rate === undefined && sent.currency !== undefined && rate === MICROS))
      throw AppError.fields({ rate: [operatorMsg.bankRateRequired] });
    return values;
  },
  inUse: { check: bankWasUsed, message: operatorMsg.bankInUse },
  perStorefront: true,
};

export const partnerResource: Resource<'partners', AdminPartner> = {
  repo: partnersRepo,
  entity: 'partner',
  notFound: operatorMsg.partnerNotFound,
  toDto: toAdminPartner,
  perStorefront: true,
};
