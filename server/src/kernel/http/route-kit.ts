import { errorReply } from '@raseed/contract';
import { BODY_ENCODINGS } from '../../openapi';

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

/** Writes that may carry an image take multipart forms as well as JSON. */
export const formBodies = BODY_ENCODINGS;

export const success = 'success' as const;

export const deletedReply = { status: success };
