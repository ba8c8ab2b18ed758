import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors';
import { errorBody } from '../../kernel/error-codes';
import { escapeHtml } from '../../kernel/html';
import { PROVIDER_STOREFRONT, staffStorefront } from '../../kernel/http/storefront';
import type { StorefrontDirectory } from './directory';
import { storefrontMsg } from './messages-ar';
import { storefrontGeneration } from './repository';
import { loadStorefrontMap } from './service';

export type Resolution = { kind: 'storefront'; id: number } | { kind: 'refused'; msg: string };

/**
 * Which storefront a request is for. A listed Origin comes first: a page served elsewhere calls
 * the API on a host it shares with others, and its origin is what names it. Then the host (the
 * forwarded one when the proxy is trusted: Fastify's `hostname` follows TRUST_PROXY). A host
 * nobody listed is the provider's own store, unless the installation is strict.
 */
export function resolveStorefront(
  directory: StorefrontDirectory,
  host: string,
  origin: string | undefined,
  strict: boolean,
): Resolution {
  const found = (origin ? directory.byOrigin(origin) : undefined) ?? directory.byHost(host.replace(/\.$/, ''));
  if (found)
    return found.active ? { kind: 'storefront', id: found.id } : { kind: 'refused', msg: storefrontMsg.closed };
  return strict ? { kind: 'refused', msg: storefrontMsg.unknownHost } : { kind: 'storefront', id: PROVIDER_STOREFRONT };
}

/**
 * Paths that belong to no storefront: the operator API (operators are scoped by their account and
 * `?storefront=`, never by the host), probes, metrics, suppliers' webhooks and stored images.
 */
const OUTSIDE = ['/admin/api/', '/healthz', '/readyz', '/metrics', '/hooks/', '/media/'];
const isOutside = (url: string) => OUTSIDE.some((p) => url.startsWith(p));

/** The refusal a visitor of an unknown or closed host reads: JSON on the API, a page elsewhere. */
function refuse(request: FastifyRequest, reply: FastifyReply, msg: string): FastifyReply {
  if (request.url.startsWith('/public/')) return reply.code(404).send(errorBody('not_found', msg));
  const page =
    `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(msg)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding-block:20vh">` +
    `<h1>${escapeHtml(msg)}</h1></body></html>`;
  return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * Sets `request.storefrontId` on every request before any other hook (registered on the root,
 * so the API scopes' CORS check sees the map this request was resolved against). The map is read
 * from the database at most once a second (directory.ts); a failed read keeps the map last read.
 */
export function resolveStorefronts(app: FastifyInstance, strict: boolean): void {
  const directory = app.caches.storefronts;
  const decide = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const found = resolveStorefront(directory, request.hostname, request.headers.origin, strict);
    if (found.kind === 'refused') {
      refuse(request, reply, found.msg);
      return;
    }
    request.storefrontId = found.id;
    done();
  };
  // A callback hook, not an async one: every request passes here, and all but one a second find
  // the map fresh; a promise per request cost the catalog's cached reads about a tenth.
  app.addHook('onRequest', (request, reply, done) => {
    const outside = isOutside(request.url);
    if (outside && !request.url.startsWith('/admin/api/')) return done();
    if (directory.isFresh()) return outside ? done() : decide(request, reply, done);
    directory
      .sync(
        () => storefrontGeneration(app.db),
        () => loadStorefrontMap(app.db),
      )
      .catch((err: unknown) => request.log.warn({ err }, 'storefronts: map not reloaded, the last one answers'))
      .then(() => (outside ? done() : decide(request, reply, done)));
  });
}

/**
 * The operator API's storefront scope. A storefront's staff reach only the routes marked
 * `config.staff`, refused at onRequest before any body is read; their `?storefront=` is always
 * their own (another id is a 404, as for a storefront that does not exist, so they learn nothing of
 * it). A provider's operator's `?storefront=` (declared on the routes it scopes: storefrontQuery on
 * the ones that change one storefront, 1 by default; storefrontFilter on lists and sums, every
 * storefront by default) is checked after validation: an id no storefront has is a 404.
 */
export function operatorStorefront(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const own = staffStorefront(request.auth);
    if (own === null) return;
    if (!request.routeOptions.config.staff) throw new AppError('forbidden', storefrontMsg.staffForbidden);
    // Another storefront named is refused before the body is read or checked: no answer to staff
    // depends on what they sent about a storefront that is not theirs.
    const named = (request.query as { storefront?: unknown } | undefined)?.storefront;
    if (named !== undefined && String(named) !== String(own)) throw new AppError('not_found', storefrontMsg.notFound);
  });
  app.addHook('preHandler', async (request) => {
    const id = (request.query as { storefront?: unknown } | undefined)?.storefront;
    const own = staffStorefront(request.auth);
    if (own !== null) {
      if (id !== undefined && id !== own) throw new AppError('not_found', storefrontMsg.notFound);
      request.storefrontId = own;
      request.storefrontFilter = own;
      return;
    }
    if (id === undefined) return;
    if (typeof id !== 'number' || !app.caches.storefronts.get(id))
      throw new AppError('not_found', storefrontMsg.notFound);
    request.storefrontId = id;
    request.storefrontFilter = id;
  });
}
