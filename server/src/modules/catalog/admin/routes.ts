import {
  adminBankReply,
  adminBanksReply,
  adminCategoriesReply,
  adminCategoryReply,
  adminDepartmentReply,
  adminDepartmentsReply,
  adminPartnerReply,
  adminPartnersReply,
  adminProductReply,
  adminProductsReply,
  adminSliderReply,
  adminSlidersReply,
  bankInput,
  bankPatch,
  categoryInput,
  categoryPatch,
  departmentInput,
  departmentListQuery,
  departmentPatch,
  partnerInput,
  partnerPatch,
  productInput,
  productListQuery,
  productPatch,
  sliderInput,
  sliderPatch,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withStock } from '../../fulfilment';
import { crudRoutes } from './crud-routes';
import { priceRulesAdminRoutes } from './price-rules-routes';
import { listProducts, productResource } from './product-resource';
import { departmentsRepo } from './repository';
import { bankResource, categoryResource, departmentResource, partnerResource, sliderResource } from './resources';

const catalogTag = 'operator: catalog';
const storeTag = 'operator: store';

/**
 * Categories, sliders, banks and partners (short lists edited whole), departments (filtered by
 * category) and products (paged, filtered, searchable, with their stock).
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(priceRulesAdminRoutes);
  await app.register(
    crudRoutes({
      path: '/categories',
      tag: catalogTag,
      many: 'categories',
      one: 'category',
      resource: categoryResource,
      create: categoryInput,
      patch: categoryPatch,
      manyReply: adminCategoriesReply,
      oneReply: adminCategoryReply,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/sliders',
      tag: storeTag,
      many: 'sliders',
      one: 'slider',
      resource: sliderResource,
      create: sliderInput,
      patch: sliderPatch,
      manyReply: adminSlidersReply,
      oneReply: adminSliderReply,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/banks',
      tag: storeTag,
      many: 'banks',
      one: 'bank',
      resource: bankResource,
      create: bankInput,
      patch: bankPatch,
      manyReply: adminBanksReply,
      oneReply: adminBankReply,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/partners',
      tag: storeTag,
      many: 'partners',
      one: 'partner',
      resource: partnerResource,
      create: partnerInput,
      patch: partnerPatch,
      manyReply: adminPartnersReply,
      oneReply: adminPartnerReply,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/departments',
      tag: catalogTag,
      many: 'departments',
      one: 'department',
      resource: departmentResource,
      create: departmentInput,
      patch: departmentPatch,
      manyReply: adminDepartmentsReply,
      oneReply: adminDepartmentReply,
      list: {
        query: departmentListQuery,
        summary: 'List departments, optionally of one category',
        read: async (db, { category_id }) => ({
          items: (
            await departmentsRepo.list(db, category_id ? { column: 'category_id', value: category_id } : undefined)
          ).map(departmentResource.toDto),
        }),
      },
      deleteSummary: 'Delete an empty department',
    }),
  );
  await app.register(
    crudRoutes({
      path: '/products',
      tag: catalogTag,
      many: 'products',
      one: 'product',
      resource: productResource,
      create: productInput,
      patch: productPatch,
      manyReply: adminProductsReply,
      oneReply: adminProductReply,
      list: {
        query: productListQuery,
        summary: 'List products, 50 a page',
        read: async (db, q) => {
          const { products, paginate } = await listProducts(db, {
            categoryId: q.category_id,
            departmentId: q.department_id,
            search: q.search,
            page: q.page,
          });
          return { items: products, paginate };
        },
      },
      readOne: 'One product with all its fields',
      decorate: withStock,
      deleteSummary: 'Delete a product that was never ordered',
    }),
  );
};
