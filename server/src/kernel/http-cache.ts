import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** A reply serialized once: its bytes and their ETag, sent as-is until the data changes. */
export type CachedReply = { body: Buffer; etag: string };

/**
 * Validates against the route's reply schema and serializes, as the serializer would on every
 * request; done once per cache fill instead.
 */
export function toCachedReply<S extends z.ZodType>(schema: S, data: z.input<S>): CachedReply {
  const body = Buffer.from(JSON.stringify(schema.parse(data)));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Sends the cached bytes with their ETag, or 304 when the client already has them. `no-cache`
 * makes browsers revalidate every time (a 304 costs no body), so an edit shows on the next load.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply,
  scope: 'public' | 'private',
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', `${scope}, no-cache`);
  if (scope === 'private') reply.header('vary', 'authorization');
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
