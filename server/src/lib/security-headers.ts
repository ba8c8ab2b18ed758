import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE = 'https://accounts.google.com';

/**
 * Security headers on every reply. The CSP allows no inline script at all: the built app is
 * plain module files. Inline styles stay allowed because Google's sign-in button injects them;
 * `blob:` and `data:` images are the upload preview and the two-factor QR code.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { google: boolean }): Promise<void> {
  const google = opts.google ? [GOOGLE] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.google ? ['https://*.googleusercontent.com'] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...google],
        frameSrc: google.length ? google : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Google's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
}
