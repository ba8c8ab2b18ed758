import type { FastifyInstance } from 'fastify';

const GOOGLE = 'https://accounts.google.com';

/**
 * The CSP allows no inline script at all: the built app is plain module files. Inline styles
 * stay allowed because Google's sign-in button injects them; `blob:` and `data:` images are the
 * upload preview and the two-factor QR code.
 */
function contentSecurityPolicy(google: boolean): string {
  const g = google ? [GOOGLE] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...g]],
    ['style-src', ["'self'", "'unsafe-inline'", ...g]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(google ? ['https://*.googleusercontent.com'] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...g]],
    ['frame-src', g.length ? g : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/**
 * Security headers on every reply: helmet's set with our policy, built once at boot. Helmet's
 * Fastify plugin rebuilt them (and re-parsed the CSP) on every request, an eighth of the CPU of
 * a cached catalog read.
 */
export function securityHeaders(opts: { google: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts.google),
    // Google's sign-in popup talks back to its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Headers that only steer how a browser runs a document; a JSON reply is never one. */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * A JSON reply (or a PDF, a receipt image) loads nothing, so its policy allows nothing and
 * frames nowhere: opened as a document it can run nothing, and it is 40 bytes where the app's
 * policy is 250, more than a product's whole header block saved elsewhere.
 */
const API_CSP = "default-src 'none';frame-ancestors 'none'";

/**
 * API replies keep what protects a body that is not a page (CSP, nosniff, framing, HSTS, CORP,
 * referrer) and drop the document-only rest: on a 300-byte product they were more bytes than the body.
 */
export function apiSecurityHeaders(opts: { google: boolean }): Record<string, string> {
  const kept = Object.entries(securityHeaders(opts)).filter(([name]) => !DOCUMENT_ONLY.has(name));
  return { ...Object.fromEntries(kept), 'content-security-policy': API_CSP };
}

/** The API reference (Swagger UI) is a page under the API's prefix: it runs the app's policy. */
const REFERENCE_PAGE = '/public/api/v1/docs';

export async function registerSecurityHeaders(app: FastifyInstance, opts: { google: boolean }): Promise<void> {
  const all = securityHeaders(opts);
  const api = apiSecurityHeaders(opts);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const isApi = (url.startsWith('/public/api/') && !url.startsWith(REFERENCE_PAGE)) || url.startsWith('/admin/api/');
    reply.headers(isApi ? api : all);
    done();
  });
}
