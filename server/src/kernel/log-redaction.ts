import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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

/**
 * Request lines at `debug` instead of `info` (failures stay `error`): for a person watching the
 * demo in a terminal, where a line per request buries what the start printed. `LOG_LEVEL=debug`
 * shows them again.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  /** A browser leaving a page ends its event stream early: routine, not news. */
  override streamError(error: NodeJS.ErrnoException, request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug({ res: reply }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }
}
