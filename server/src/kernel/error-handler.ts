import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus, errorBody, errorFacts } from './error-codes';
import { AppError } from './errors';
import { msg } from './messages-ar';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Field name → Arabic messages, from the validation issues of body, query or params. */
function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const fromPath = issue.params?.issue?.path?.map(String).join('.');
    const field = fromPath || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    const text = issue.message && /[\u0600-\u06FF]/.test(issue.message) ? issue.message : msg.invalid;
    out[field] ??= [];
    if (!out[field].includes(text)) out[field].push(text);
  }
  return out;
}

// The multipart reader (busboy) throws plain Errors with no status for a body it cannot parse
// (no boundary, broken part headers, early end); the fuzz suite saw them answered with a 500.
const MALFORMED_MULTIPART = /^(Multipart: |Malformed |Unexpected end of (form|file)|Unsupported content type)/;

function isMalformedMultipart(error: { message?: unknown }): boolean {
  return typeof error.message === 'string' && MALFORMED_MULTIPART.test(error.message);
}

/**
 * One place turns every failure into `{ status: "error", code, msg }` (the public and the
 * operator API alike). Client mistakes keep their 4xx with a stable code and an Arabic message;
 * anything else is logged and answered with a generic 500 that names no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({
        status: 'error',
        code: error.code,
        msg: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.data ? { data: error.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as Issue[]);
      const first = Object.values(errors).flat()[0] ?? msg.invalid;
      return reply.code(422).send(errorBody('validation_failed', first, errors));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : isMalformedMultipart(error) ? 400 : 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus(status);
      return reply.code(errorFacts[code].status).send(errorBody(code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('server_error'));
  });
}

/**
 * Errors the router raises before any route or error handler runs (a path that is not valid
 * percent-encoded UTF-8, an over-long parameter): the same JSON shape with an Arabic msg.
 * Found by the fuzz suite — Fastify's default answer here is English and has no `status`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? codeForStatus(error.statusCode)
      : 'bad_request';
  void reply.code(errorFacts[code].status).send(errorBody(code));
}
