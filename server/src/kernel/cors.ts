import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for one API prefix, as the spec deploys it: the storefront on its own host calls the API
 * with a bearer token, so no cookies are ever allowed (`credentials` off). An origin not listed
 * gets no CORS header at all, so the browser refuses to hand it the reply. Which origins are
 * listed is the storefronts' business (each has its own; CORS_ORIGINS are storefront 1's).
 */
export async function registerCors(api: FastifyInstance, allows: (origin: string) => boolean): Promise<void> {
  await api.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allows(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    credentials: false,
    maxAge: 600,
  });
}
