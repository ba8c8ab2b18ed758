import { type ErrorCode, type ErrorCodeInfo, errorCode, idempotencyMismatchMsg } from '@raseed/contract';
import { msg } from './messages-ar';

type Facts = Omit<ErrorCodeInfo, 'code'>;

/**
 * What each code of the contract's enum means on the wire: its one HTTP status, its default
 * Arabic message and whether the same request may be sent again unchanged. The type makes a
 * code added to the enum without a row here a compile error; GET /errors publishes this table.
 */
export const errorFacts = {
  bad_request: { status: 400, retryable: false, msg: msg.badRequest },
  unauthorized: { status: 401, retryable: false, msg: msg.unauthorized },
  forbidden: { status: 403, retryable: false, msg: msg.forbidden },
  service_offline: { status: 403, retryable: false, msg: msg.serviceOffline },
  not_found: { status: 404, retryable: false, msg: msg.notFound },
  not_acceptable: { status: 406, retryable: false, msg: msg.notAcceptable },
  request_timeout: { status: 408, retryable: true, msg: msg.timeout },
  conflict: { status: 409, retryable: false, msg: msg.conflict },
  price_changed: { status: 409, retryable: false, msg: msg.priceChanged },
  payload_too_large: { status: 413, retryable: false, msg: msg.tooLarge },
  uri_too_long: { status: 414, retryable: false, msg: msg.uriTooLong },
  unsupported_media_type: { status: 415, retryable: false, msg: msg.unsupportedMedia },
  validation_failed: { status: 422, retryable: false, msg: msg.invalid },
  insufficient_balance: { status: 422, retryable: false, msg: msg.insufficientBalance },
  out_of_stock: { status: 422, retryable: false, msg: msg.outOfStock },
  product_unavailable: { status: 422, retryable: false, msg: msg.productUnavailable },
  idempotency_mismatch: { status: 422, retryable: false, msg: idempotencyMismatchMsg },
  invalid_state: { status: 422, retryable: false, msg: msg.invalidState },
  password_confirm_required: { status: 423, retryable: false, msg: msg.passwordConfirmRequired },
  rate_limited: { status: 429, retryable: true, msg: msg.tooMany },
  headers_too_large: { status: 431, retryable: false, msg: msg.headersTooLarge },
  server_error: { status: 500, retryable: true, msg: msg.server },
  upstream_failed: { status: 502, retryable: false, msg: msg.upstreamFailed },
  unavailable: { status: 503, retryable: true, msg: msg.unavailable },
} as const satisfies Record<ErrorCode, Facts>;

/** The table as GET /errors lists it, in the contract's order. */
export function errorCodeList(): ErrorCodeInfo[] {
  return errorCode.options.map((code) => ({ code, ...errorFacts[code] }));
}

/**
 * The code of a bare status that Fastify, a plugin or Node's HTTP parser raises with no code of
 * ours. A status with no code of its own is answered as 400 or 500, so a code and its status
 * always agree.
 */
const genericByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  423: 'password_confirm_required',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'server_error',
  502: 'upstream_failed',
  503: 'unavailable',
};

export function codeForStatus(status: number): ErrorCode {
  return genericByStatus[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
}

export type ErrorBody = { status: 'error'; code: ErrorCode; msg: string; errors?: Record<string, string[]> };

/** The one error shape, for the few places that answer without throwing (404 fallback, transport). */
export function errorBody(code: ErrorCode, message?: string, errors?: Record<string, string[]>): ErrorBody {
  return { status: 'error', code, msg: message ?? errorFacts[code].msg, ...(errors ? { errors } : {}) };
}
