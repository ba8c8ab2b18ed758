import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { msg } from './kernel/messages-ar';

declare module 'fastify' {
  interface FastifyReply {
    sendIndex(): FastifyReply;
  }
}

/**
 * Serves the built single-page app. Hashed files under /assets are cached for a year; every
 * other non-API GET gets index.html (history fallback), which is never cached so a new
 * release is picked up at once.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  app.decorateReply('sendIndex', function sendIndex() {
    if (!hasWeb) return this.code(404).send({ status: 'error', msg: msg.routeNotFound });
    return this.header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', dist, { cacheControl: false });
  });
  if (!hasWeb) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // Our own Cache-Control below; send's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, file) {
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendIndex());
}
