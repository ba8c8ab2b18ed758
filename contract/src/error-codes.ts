import { z } from 'zod';

/**
 * The stable `code` of every error reply, beside its Arabic `msg` (which may be reworded): what
 * a program reads to decide. Each code has one HTTP status; GET /errors lists them with that
 * status, the default Arabic message and whether the same request may be sent again unchanged.
 * A code is never renamed or given another status; new ones may be added, so a client treats a
 * code it does not know by its HTTP status.
 */
export const errorCode = z
  .enum([
    /** 400: the request could not be read (broken JSON, a malformed upload, a bad path). */
    'bad_request',
    /** 401: no valid credential, a session that ended, wrong e-mail or password. */
    'unauthorized',
    /** 403: the caller may not do this (an operator call, two-factor not on). */
    'forbidden',
    /** 403: the store has switched number purchases off. */
    'service_offline',
    /** 404: no such route, or nothing of the caller's with that id or key. */
    'not_found',
    /** 406: the route answers in another form (an event stream, a multipart upload). */
    'not_acceptable',
    /** 408: the request did not arrive in time. */
    'request_timeout',
    /** 409: the thing changed or is in use (decided already, taken, busy). */
    'conflict',
    /** 409: the price changed since it was shown; `data.price` is the new one. */
    'price_changed',
    /** 413: the body or a file is larger than allowed. */
    'payload_too_large',
    /** 414: the address or one of its parts is too long. */
    'uri_too_long',
    /** 415: a Content-Type the route does not read. */
    'unsupported_media_type',
    /** 422: fields at fault; `errors` maps each to its Arabic messages. */
    'validation_failed',
    /** 422: the balance does not cover the price. */
    'insufficient_balance',
    /** 422: too few codes or numbers left for this purchase. */
    'out_of_stock',
    /** 422: the product or service cannot be bought as asked (not for sale, off, another form). */
    'product_unavailable',
    /** 422: this Idempotency-Key was used before for a different purchase. */
    'idempotency_mismatch',
    /** 422: the thing's state no longer allows this (an order cancelled or accepted already). */
    'invalid_state',
    /** 423: confirm the account's password on this session first. */
    'password_confirm_required',
    /** 429: too many requests; wait (Retry-After when sent) and try again. */
    'rate_limited',
    /** 431: the request's headers are larger than allowed. */
    'headers_too_large',
    /** 500: the server failed; nothing in the request is at fault. */
    'server_error',
    /** 502: a supplier or number provider refused. */
    'upstream_failed',
    /** 503: the server or a service it needs is unavailable for a moment. */
    'unavailable',
  ])
  .meta({ id: 'ErrorCode' });
export type ErrorCode = z.infer<typeof errorCode>;

/** One row of GET /errors. */
export const errorCodeInfo = z.object({
  code: errorCode,
  status: z.number().int().meta({ description: 'the HTTP status every reply with this code has' }),
  msg: z.string().meta({ description: 'the default Arabic message; a reply may carry a more precise one' }),
  retryable: z.boolean().meta({
    description:
      'true: the failure was of the moment (pace, load, time); the same request may succeed if sent again ' +
      'after a pause. false: it fails the same way until something changes (the request, the balance, the stock)',
  }),
});
export type ErrorCodeInfo = z.infer<typeof errorCodeInfo>;

export const errorCodesReply = z.object({
  status: z.literal('success'),
  data: z.object({ codes: z.array(errorCodeInfo) }),
});
export type ErrorCodesReply = z.infer<typeof errorCodesReply>;
