import type { FastifyInstance } from 'fastify';
import { STAFF_NOTE } from '../../src/openapi';

/** A JSON schema as @fastify/swagger emits it from the zod schemas (only what the fuzzer reads). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  nullable?: boolean;
};

export type Param = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };

export type ApiRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /public/api/v1/orders/{id}. */
  path: string;
  params: Param[];
  /** Request body schema by content type (application/json, multipart/form-data, …). */
  bodies: Record<string, JsonSchema>;
  admin: boolean;
  /** An operator route open to a storefront's staff (its description carries STAFF_NOTE). */
  staff: boolean;
};

type Operation = {
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/**
 * Every route of the public and operator APIs, read from the OpenAPI document the app generates
 * from its zod schemas — a new route is fuzzed without editing a test.
 */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const refs = doc.components?.schemas ?? {};
  const deref = (s: JsonSchema | undefined): JsonSchema => {
    if (!s) return {};
    if (s.$ref) return deref(refs[s.$ref.split('/').pop() ?? '']);
    return s;
  };
  const routes: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/public/api/v1') && !path.startsWith('/admin/api/v1')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const bodies: Record<string, JsonSchema> = {};
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) bodies[type] = deref(content.schema);
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        params: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in as Param['in'],
          required: Boolean(p.required),
          schema: deref(p.schema),
        })),
        bodies,
        admin: path.startsWith('/admin/'),
        staff: op.description?.includes(STAFF_NOTE) ?? false,
      });
    }
  }
  return routes;
}

export const routeName = (r: ApiRoute) => `${r.method} ${r.path}`;
