import { idParam, storefrontInput, storefrontPatch, storefrontReply, storefrontsReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { storefrontAccountRoutes } from './account-routes';
import { createStorefront, listStorefronts, updateStorefront } from './service';

const tags = ['operator: storefronts'];

/** The storefronts of this installation: list, add, change (never delete: a storefront is switched off). */
export const storefrontsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.caches.storefronts.providerAddresses;
  await app.register(storefrontAccountRoutes);
  app.get(
    '/storefronts',
    {
      schema: {
        tags,
        summary: 'Every storefront with its hosts and origins',
        response: { 200: storefrontsReply, ...errors },
      },
    },
    async () => ({ status: success, data: { storefronts: await listStorefronts(app.db) } }),
  );
  app.post(
    '/storefronts',
    {
      schema: {
        tags,
        summary: "Add a storefront; its settings start as a copy of the provider's under its name",
        body: storefrontInput,
        response: { 201: storefrontReply, ...errors },
      },
    },
    async (request, reply) => {
      const storefront = await createStorefront(request.db, userId(request), provider, request.body);
      return reply.code(201).send({ status: success, data: { storefront } });
    },
  );
  app.patch(
    '/storefronts/:id',
    {
      schema: {
        tags,
        summary: 'Change a storefront: name, hosts, origins, markup, on or off (storefront 1 stays on)',
        params: idParam,
        body: storefrontPatch,
        response: { 200: storefrontReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: {
        storefront: await updateStorefront(request.db, userId(request), provider, request.params.id, request.body),
      },
    }),
  );
};
