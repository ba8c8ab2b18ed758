import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requireUser } from './kernel/http/guard';
import { AppError } from './kernel/errors';

/** Anonymous forms (register, sign-in) are short text; nothing bigger is read without a session. */
export const ANONYMOUS_MULTIPART_MAX_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a file: a multipart body is read only once the caller is signed in. */
    upload?: boolean;
  }
}

/**
 * onRequest, after the session is loaded and before any body byte is read: a file upload is
 * refused with 401 before its body is buffered, and an anonymous multipart body must announce
 * a small length (so 60 strangers cannot make the server hold 60 uploads).
 */
export function guardUploads(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const type = request.headers['content-type'];
  const multipart = type !== undefined && /^multipart\//i.test(type);
  if (multipart && request.routeOptions.config.upload) requireUser(request, reply, done);
  else done(multipart && !request.auth ? tooLongAnonymously(request) : undefined);
}

/** An anonymous multipart body must say its length, and a small one. */
function tooLongAnonymously(request: FastifyRequest): AppError | undefined {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length <= ANONYMOUS_MULTIPART_MAX_BYTES) return undefined;
  return new AppError('payload_too_large');
}
