import {
  categoriesReply,
  categoryReply,
  checkPlayerReply,
  checkPlayerRequest,
  departmentReply,
  errorReply,
  idParam,
  productReply,
  searchQuery,
  searchReply,
} from '@raseed/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { requireUser } from '../../kernel/http/guard';
import { type CachedReply, sendCached } from '../../kernel/http-cache';
import { categoriesCached, categoryCached, departmentCached, productCached, searchIndexCached } from './cached-replies';
import { searchCatalog } from './search';
import { playerResolvers } from './player-resolvers';
import { checkPlayer, PlayerLookupFailed } from './service';
import { supplierPlayerResolver } from './supplier-player-resolver';

const tags = ['catalog'];

/**
 * The category list is for signed-in customers (spec section 4); a category, department or
 * product opened by link is readable by a guest, who sees a login link instead of buying.
 * Reads are served as cached bytes with an ETag (cached-replies.ts).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sends a cached reply, at once when it is in memory (most reads): a handler that returns no
   * promise costs a read none of Fastify's promise handling.
   */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    cached: CachedReply | Promise<CachedReply>,
    scope: 'public' | 'private',
  ) => {
    if (!(cached instanceof Promise)) {
      sendCached(request, reply, cached, scope);
      return;
    }
    // Resolves with the reply, as an async handler that sent one returns it (Fastify then sends nothing more).
    return (async () => sendCached(request, reply, await cached, scope))();
  };

  /** A category, department or product opened by link: its cached bytes, the same for every reader. */
  const openedByLink =
    (read: typeof categoryCached) => (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      const caches = app.caches.catalog.of(request.storefrontId);
      return send(request, reply, read(app.db, caches, request.storefrontId, request.params.id), 'public');
    };

  app.get(
    '/categories',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Every category, available or not',
        response: { 200: categoriesReply, 401: errorReply },
      },
    },
    (request, reply) =>
      send(
        request,
        reply,
        categoriesCached(app.db, app.caches.catalog.of(request.storefrontId), request.storefrontId),
        'private',
      ),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Departments and products of a category',
        params: idParam,
        response: { 200: categoryReply, 404: errorReply, 422: errorReply },
      },
    },
    openedByLink(categoryCached),
  );

  app.get(
    '/departments/:id',
    {
      schema: {
        tags,
        summary: 'Products of a department',
        params: idParam,
        response: { 200: departmentReply, 404: errorReply, 422: errorReply },
      },
    },
    openedByLink(departmentCached),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One product, with the fields its order form needs',
        params: idParam,
        response: { 200: productReply, 404: errorReply, 422: errorReply },
      },
    },
    openedByLink(productCached),
  );

  app.get(
    '/search',
    {
      // Like the category list it searches, for signed-in customers.
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Categories, departments and products matching the words typed, grouped by kind',
        description:
          'Arabic is compared without hamza forms, diacritics or tatweel, with ة as ه, ى as ي and ' +
          'Arabic-Indic digits as 0-9; operator keywords count like names. A blank search finds nothing.',
        querystring: searchQuery,
        response: { 200: searchReply, 401: errorReply, 422: errorReply },
      },
    },
    async (request, reply) => {
      const index = await searchIndexCached(app.db, app.caches.catalog.of(request.storefrontId), request.storefrontId);
      void reply.header('Cache-Control', 'private, no-cache');
      return { status: 'success' as const, data: searchCatalog(index, request.query.q) };
    },
  );

  app.post(
    '/check-player',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The player's name from the product's supplier; 'Not Found' when unknown",
        body: checkPlayerRequest,
        response: { 200: checkPlayerReply, 401: errorReply, 422: errorReply, 503: errorReply },
      },
    },
    async (request) => {
      try {
        const name = await checkPlayer(app.db, playerResolvers, request.body, (product) =>
          supplierPlayerResolver(app.db, app.suppliers, product),
        );
        return { status: 'success' as const, player_name: name, data: { player_name: name } };
      } catch (err) {
        if (!(err instanceof PlayerLookupFailed)) throw err;
        request.log.warn({ err: err.cause }, 'player lookup failed');
        throw new AppError('unavailable', err.message);
      }
    },
  );
};
