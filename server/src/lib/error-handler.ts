import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { messageForStatus, msg } from './messages-ar';

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

/**
 * One place turns every failure into `{ status: "error", msg }`. Client mistakes keep their 4xx
 * with an Arabic message; anything else is logged and answered with a generic 500 that names
 * no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send({ status: 'error', msg: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as Issue[]);
      const first = Object.values(errors).flat()[0] ?? msg.invalid;
      return reply.code(422).send({ status: 'error', msg: first, errors });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ status: 'error', msg: messageForStatus(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 'error', msg: msg.server });
  });
}
