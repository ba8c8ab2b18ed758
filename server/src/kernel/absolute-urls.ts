import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROVIDER_STOREFRONT } from './http/storefront';

/**
 * Image and receipt links are stored as paths (/media/…, /public/api/v1/receipts/…); a storefront
 * on another host needs them whole. They are completed as the reply leaves, so every reply —
 * including the catalog's ready-made bytes — gets them without each DTO knowing the host.
 *
 * Only a JSON string *value* that begins with one of the paths matches: it follows `:`, `[` or
 * `,` directly, while a quote inside a string is always escaped (`\"`), so text never matches.
 */
const RELATIVE = /([:[,])"\/(media\/|public\/api\/v1\/receipts\/)/g;

export function absolutize(json: string, base: string): string {
  return json.replace(RELATIVE, (_m, before: string, path: string) => `${before}"${base}/${path}`);
}

/** The catalog sends the same Buffer until it changes; remember its completed copy per base. */
const completed = new WeakMap<Buffer, { base: string; body: Buffer }>();

function completeBuffer(body: Buffer, base: string): Buffer {
  const hit = completed.get(body);
  if (hit?.base === base) return hit.body;
  const out = Buffer.from(absolutize(body.toString('utf8'), base));
  completed.set(body, { base, body: out });
  return out;
}

/**
 * PUBLIC_URL is storefront 1's address; another storefront's links start with the address the
 * request was sent to (its own host, or the API host its page calls).
 */
export function absoluteUrlsOn(api: FastifyInstance, publicUrl: string | undefined): void {
  const baseOf = (request: FastifyRequest) =>
    (request.storefrontId === PROVIDER_STOREFRONT ? publicUrl : undefined) ?? `${request.protocol}://${request.host}`;
  // Synchronous, with `done`: an async hook cost every reply a promise and a microtask.
  api.addHook('onSend', (request, reply, payload, done) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    if (typeof payload === 'string') return done(null, absolutize(payload, baseOf(request)));
    if (Buffer.isBuffer(payload)) return done(null, completeBuffer(payload, baseOf(request)));
    done(null, payload);
  });
}
