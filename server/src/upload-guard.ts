import type { FastifyRequest } from 'fastify';
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
export async function guardUploads(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (!type || !/^multipart\//i.test(type)) return;
  if (request.routeOptions.config.upload) return requireUser(request, undefined as never);
  if (request.auth) return;
  const length = Number(request.headers['content-length']);
  if (!Number.isFinite(length) || length > ANONYMOUS_MULTIPART_MAX_BYTES) throw new AppError('payload_too_large');
}
