import { emptyReply, idParam, type Paginate, storefrontQuery } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userId } from '../../../kernel/http/guard';
import type { DB } from '../../../db/database';
import { AppError } from '../../../kernel/errors';
import { deletedReply, errors, formBodies, success } from '../../../kernel/http/route-kit';
import { createRow, deleteRow, type Resource, updateRow } from './crud';
import type { CatalogTable, Row } from './repository';

type CrudOptions<T extends CatalogTable, Dto, Q> = {
  path: `/${string}`;
  tag: string;
  /** The name of the list and of the single object in replies: `banks` / `bank`. */
  many: string;
  one: string;
  resource: Resource<T, Dto>;
  create: z.ZodType;
  patch: z.ZodType;
  manyReply: z.ZodType;
  oneReply: z.ZodType;
  /** A filtered or paged list instead of the whole table in display order. */
  list?: {
    query: z.ZodType<Q>;
    summary: string;
    read(db: DB, query: Q): Promise<{ items: Dto[]; paginate?: Paginate }>;
  };
  /** Adds GET /:id with this summary. */
  readOne?: string;
  /** Completes every object before it is sent (a stock product's counts). */
  decorate?(db: DB, dto: Dto): Promise<Dto>;
  deleteSummary?: string;
};

/**
 * GET (list), POST, PATCH /:id and DELETE /:id, and optionally GET /:id, for a catalog table:
 * the one place these handlers are written.
 */
export function crudRoutes<T extends CatalogTable, Dto, Q = unknown>(o: CrudOptions<T, Dto, Q>): FastifyPluginAsyncZod {
  const tags = [o.tag];
  const { resource } = o;
  return async (app) => {
    const decorate = (dto: Dto) => (o.decorate ? o.decorate(app.db, dto) : dto);
    // A storefront's own rows (`?storefront=`, set on the request by admin/index.ts).
    const scoped = resource.perStorefront ? { querystring: storefrontQuery } : {};
    // A storefront's own rows are its staff's to change too; the catalog's are the provider's.
    const config = { staff: resource.perStorefront === true };
    const wholeTable = async (storefrontId: number): Promise<{ items: Dto[]; paginate?: Paginate }> => ({
      items: (
        await resource.repo.list(
          app.db,
          resource.perStorefront
            ? { column: 'storefront_id' as keyof Row<T> & string, value: storefrontId }
            : undefined,
        )
      ).map(resource.toDto),
    });
    app.get(
      o.path,
      {
        schema: {
          tags,
          summary: o.list?.summary ?? `List ${o.many}`,
          ...(o.list ? { querystring: o.list.query } : scoped),
          response: { 200: o.manyReply, ...errors },
        },
        config,
      },
      async (request) => {
        const { items, paginate } = o.list
          ? await o.list.read(request.db, request.query as Q)
          : await wholeTable(request.storefrontId);
        return {
          status: success,
          data: { [o.many]: await Promise.all(items.map(decorate)), ...(paginate ? { paginate } : {}) },
        };
      },
    );
    if (o.readOne) {
      app.get(
        `${o.path}/:id`,
        {
          schema: { tags, summary: o.readOne, params: idParam, ...scoped, response: { 200: o.oneReply, ...errors } },
          config,
        },
        async (request) => {
          const row = await resource.repo.find(request.db, request.params.id);
          if (!row) throw new AppError('not_found', resource.notFound);
          return { status: success, data: { [o.one]: await decorate(resource.toDto(row)) } };
        },
      );
    }
    app.post(
      o.path,
      {
        schema: {
          tags,
          summary: `Create a ${o.one}`,
          consumes: formBodies,
          ...scoped,
          body: o.create,
          response: { 201: o.oneReply, ...errors },
        },
        config,
      },
      async (request, reply) => {
        const dto = await createRow(
          request.db,
          app.storage,
          userId(request),
          resource,
          request.body as Record<string, unknown>,
          request.storefrontId,
        );
        return reply.code(201).send({ status: success, data: { [o.one]: await decorate(dto) } });
      },
    );
    app.patch(
      `${o.path}/:id`,
      {
        schema: {
          tags,
          summary: `Update a ${o.one}`,
          consumes: formBodies,
          params: idParam,
          ...scoped,
          body: o.patch,
          response: { 200: o.oneReply, ...errors },
        },
        config,
      },
      async (request) => {
        const dto = await updateRow(
          request.db,
          app.storage,
          userId(request),
          resource,
          request.params.id,
          request.body as Record<string, unknown>,
          request.storefrontId,
        );
        return { status: success, data: { [o.one]: await decorate(dto) } };
      },
    );
    app.delete(
      `${o.path}/:id`,
      {
        schema: {
          tags,
          summary: o.deleteSummary ?? `Delete a ${o.one}`,
          params: idParam,
          ...scoped,
          response: { 200: emptyReply, ...errors },
        },
        config,
      },
      async (request) => {
        await deleteRow(request.db, app.storage, userId(request), resource, request.params.id, request.storefrontId);
        return deletedReply;
      },
    );
  };
}
