import { emptyReply, errorReply, idParam } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userId } from '../auth/guard';
import { BODY_ENCODINGS } from '../openapi';
import { type CrudTable, createRow, deleteRow, listRows, type Resource, updateRow } from './crud';

/** Shared pieces of the operator routes' schemas, so every route documents the same errors. */
export const errors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  413: errorReply,
  422: errorReply,
} as const;

/** Writes that may carry an image take multipart forms as well as JSON. */
export const formBodies = BODY_ENCODINGS;

export const success = 'success' as const;

export const deletedReply = { status: success };

type CrudOptions<T extends CrudTable, Dto> = {
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
};

/**
 * GET (all, in display order), POST, PATCH /:id and DELETE /:id for a catalog-like table whose
 * list is short enough to send whole (categories, sliders, banks, partners).
 */
export function crudRoutes<T extends CrudTable, Dto>(o: CrudOptions<T, Dto>): FastifyPluginAsyncZod {
  const tags = [o.tag];
  const { resource } = o;
  return async (app) => {
    app.get(
      o.path,
      { schema: { tags, summary: `List ${o.many}`, response: { 200: o.manyReply, ...errors } } },
      async () => ({ status: success, data: { [o.many]: (await listRows(app.db, resource.table)).map(resource.toDto) } }),
    );
    app.post(
      o.path,
      { schema: { tags, summary: `Create a ${o.one}`, consumes: formBodies, body: o.create, response: { 201: o.oneReply, ...errors } } },
      async (request, reply) => {
        const dto = await createRow(app.db, app.storage, userId(request), resource, request.body as Record<string, unknown>);
        return reply.code(201).send({ status: success, data: { [o.one]: dto } });
      },
    );
    app.patch(
      `${o.path}/:id`,
      { schema: { tags, summary: `Update a ${o.one}`, consumes: formBodies, params: idParam, body: o.patch, response: { 200: o.oneReply, ...errors } } },
      async (request) => {
        const dto = await updateRow(app.db, app.storage, userId(request), resource, request.params.id, request.body as Record<string, unknown>);
        return { status: success, data: { [o.one]: dto } };
      },
    );
    app.delete(
      `${o.path}/:id`,
      { schema: { tags, summary: `Delete a ${o.one}`, params: idParam, response: { 200: emptyReply, ...errors } } },
      async (request) => {
        await deleteRow(app.db, app.storage, userId(request), resource, request.params.id);
        return deletedReply;
      },
    );
  };
}
