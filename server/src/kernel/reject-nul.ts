import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { msg } from './messages-ar';

const NUL = '\u0000';

/** The dotted path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || '_' : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  // for-in without the entries array: this walks every request's headers.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL)) return path ? `${path}.${key.replaceAll(NUL, '')}` : key.replaceAll(NUL, '');
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === 'string' ? !child.includes(NUL) : child === null || typeof child !== 'object') continue;
    const found = nulPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text field ever has a use for a NUL character, and PostgreSQL refuses to store one (the
 * fuzz suite found a 500 on PostgreSQL for `?search=%00`). Refused once, here, for every route:
 * query, path, headers and body — before validation, so no route can forget it.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const field =
      nulPath(request.params, '', 0) ??
      nulPath(request.query, '', 0) ??
      nulPath(request.body, '', 0) ??
      nulPath(request.headers, '', 0);
    done(field ? AppError.fields({ [field]: [msg.invalid] }) : undefined);
  });
}
