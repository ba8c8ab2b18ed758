import {
  idParam,
  storefrontPriceInput,
  storefrontPriceReply,
  storefrontPricesReply,
  storefrontQuery,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../../kernel/http/guard';
import { errors, success } from '../../../kernel/http/route-kit';
import { clearStorefrontPrice, listStorefrontPrices, type PriceKind, setStorefrontPrice } from './price-rules';

const tags = ['operator: storefronts'];
// A storefront's staff set their own storefront's prices (kernel/http/storefront.ts); the catalog stays the provider's.
const config = { staff: true };

/**
 * A storefront's prices (`?storefront=`, 1 by default): its rules list, and per category or product
 * its own markup and whether it is hidden there (PUT sets, DELETE clears).
 */
export const priceRulesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storefront-prices',
    {
      schema: {
        tags,
        summary: "A storefront's markup and its own rules for categories and products",
        querystring: storefrontQuery,
        response: { 200: storefrontPricesReply, ...errors },
      },
      config,
    },
    async (request) => ({ status: success, data: await listStorefrontPrices(request.db, request.storefrontId) }),
  );
  for (const [kind, path] of [
    ['category', '/categories/:id/storefront-price'],
    ['product', '/products/:id/storefront-price'],
  ] as [PriceKind, string][]) {
    app.put(
      path,
      {
        schema: {
          tags,
          summary: `Set a storefront's own markup for this ${kind}, or hide it there`,
          params: idParam,
          querystring: storefrontQuery,
          body: storefrontPriceInput,
          response: { 200: storefrontPriceReply, ...errors },
        },
        config,
      },
      async (request) => ({
        status: success,
        data: {
          price: await setStorefrontPrice(
            request.db,
            userId(request),
            request.storefrontId,
            kind,
            request.params.id,
            request.body,
          ),
        },
      }),
    );
    app.delete(
      path,
      {
        schema: {
          tags,
          summary: `Clear a storefront's rule for this ${kind}: the wider markup applies and it shows again`,
          params: idParam,
          querystring: storefrontQuery,
          response: { 200: storefrontPriceReply, ...errors },
        },
        config,
      },
      async (request) => ({
        status: success,
        data: {
          price: await clearStorefrontPrice(request.db, userId(request), request.storefrontId, kind, request.params.id),
        },
      }),
    );
  }
};
