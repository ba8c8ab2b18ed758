import type { FastifyRequest } from 'fastify';
import { jobLogFields } from './request-context';

/** Query parameters whose values are secrets: signed-link signatures, tokens, keys, codes. */
const SECRET_PARAMS =
  /([?&](?:sig|signature|token|access_token|api_key|apikey|key|password|pass|code|secret|credential|id2fa)=)[^&#\s]*/gi;

/** A URL with the values of its secret query parameters replaced, e.g. a receipt's `sig`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

/**
 * Pino options of the app's logger: no signed receipt link, token, code or password reaches
 * the log. Request lines keep method, URL (secrets cut out) and client address; bodies are
 * never logged, and these paths are cut from anything logged with an object.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    mixin: jobLogFields,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        '*.password',
        '*.token',
        '*.code',
        '*.codes',
        '*.secret',
        '*.credential',
        '*.trusted_device',
        '*.api_key',
        '*.apiKey',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
