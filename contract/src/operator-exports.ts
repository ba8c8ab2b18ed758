import { z } from 'zod';
import { rowId } from './fields';
import { numberStatus } from './numbers';
import { dateRangeQuery } from './operator-dashboard';
import { orderStatus } from './orders';
import { storefrontFilter } from './storefronts';
import { chargeStatus } from './topup';

/** CSV exports of the operator API: a range of days and the same filters as the lists. */
const userFilter = rowId.optional();

export const orderExportQuery = dateRangeQuery.and(
  z.object({
    status: z.enum([...orderStatus.options, 'all']).default('all'),
    user_id: userFilter,
    storefront: storefrontFilter,
  }),
);
export const chargeExportQuery = dateRangeQuery.and(
  z.object({
    status: z.enum([...chargeStatus.options, 'all']).default('all'),
    user_id: userFilter,
    storefront: storefrontFilter,
  }),
);
export const numberExportQuery = dateRangeQuery.and(
  z.object({
    status: z.enum([...numberStatus.options, 'all']).default('all'),
    user_id: userFilter,
    storefront: storefrontFilter,
  }),
);
export const ledgerExportQuery = dateRangeQuery.and(z.object({ user_id: userFilter, storefront: storefrontFilter }));
