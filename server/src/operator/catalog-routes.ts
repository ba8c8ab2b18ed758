import {
  adminBankReply,
  adminBanksReply,
  adminCategoriesReply,
  adminCategoryReply,
  adminPartnerReply,
  adminPartnersReply,
  adminSliderReply,
  adminSlidersReply,
  bankInput,
  bankPatch,
  categoryInput,
  categoryPatch,
  partnerInput,
  partnerPatch,
  sliderInput,
  sliderPatch,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankResource, categoryResource, partnerResource, sliderResource } from './catalog-resources';
import { crudRoutes } from './route-kit';

/** Categories, sliders, banks and partners: short lists edited whole. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      path: '/categories',
      tag: 'operator: catalog',
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
      tag: 'operator: store',
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
      tag: 'operator: store',
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
      tag: 'operator: store',
      many: 'partners',
      one: 'partner',
      resource: partnerResource,
      create: partnerInput,
      patch: partnerPatch,
      manyReply: adminPartnersReply,
      oneReply: adminPartnerReply,
    }),
  );
};
