import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { loadOperatorAuth } from './modules/accounts';
import { requireOperator } from './kernel/http/guard';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import { BODY_ENCODINGS } from './kernel/http/route-kit';

export { BODY_ENCODINGS };

/**
 * The description of an operator route open to a storefront's staff (`config.staff`): the reader
 * of the document learns which routes a staff account may call, and the tests walk them.
 */
export const STAFF_NOTE = "Open to a storefront's staff, within their own storefront.";

const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { body?: unknown; consumes?: string[]; description?: string };
  if (schema.body && !schema.consumes) schema.consumes = BODY_ENCODINGS;
  if (input.route?.config?.staff)
    schema.description = schema.description ? `${schema.description} ${STAFF_NOTE}` : STAFF_NOTE;
  return out;
};

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests, so it
 * cannot drift from what the server does.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Raseed API',
        description: 'The /public/api/v1 storefront API and the /admin/api/v1 operator API of Raseed.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  // The public document (and its reference page) lists only the storefront API; the operator
  // API has its own document, served to signed-in operators only.
  await app.register(swaggerUi, {
    routePrefix: '/public/api/v1/docs',
    uiConfig: { docExpansion: 'list' },
    transformSpecificationClone: true,
    transformSpecification: (spec) => onlyPaths(spec as OpenApiDoc, '/public/api/v1', 'Raseed storefront API'),
  });
  app.get('/public/api/v1/openapi.json', { schema: { hide: true } }, async () =>
    onlyPaths(app.swagger() as OpenApiDoc, '/public/api/v1', 'Raseed storefront API'),
  );
  app.get(
    '/admin/api/v1/openapi.json',
    { schema: { hide: true }, onRequest: [loadOperatorAuth, requireOperator] },
    async () => onlyPaths(app.swagger() as OpenApiDoc, '/admin/api/v1', 'Raseed operator API'),
  );
}

type OpenApiDoc = { info: Record<string, unknown>; paths: Record<string, unknown> } & Record<string, unknown>;

/** A copy of the document with the paths under `prefix` only. */
function onlyPaths(doc: OpenApiDoc, prefix: string, title: string): OpenApiDoc {
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith(`${prefix}/`)));
  return { ...doc, info: { ...doc.info, title, description: `The ${prefix} API of Raseed.` }, paths };
}
