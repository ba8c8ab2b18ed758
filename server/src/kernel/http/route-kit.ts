import { errorReply } from '@raseed/contract';

/** Shared pieces of the operator routes' schemas, so every route documents the same errors. */
export const errors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  413: errorReply,
  422: errorReply,
} as const;

/** The error replies of the statuses a route can fail with, each the usual `{ status, msg, errors }`. */
export function errorReplies<const C extends number>(...codes: C[]): Record<C, typeof errorReply> {
  return Object.fromEntries(codes.map((code) => [code, errorReply])) as Record<C, typeof errorReply>;
}

/** Every body encoding a write accepts: JSON, url-encoded and multipart forms (the spec's "form data"). */
export const BODY_ENCODINGS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** Writes that may carry an image take multipart forms as well as JSON. */
export const formBodies = BODY_ENCODINGS;

export const success = 'success' as const;

export const deletedReply = { status: success };
