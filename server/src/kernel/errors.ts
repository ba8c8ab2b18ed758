import type { ErrorCode } from '@raseed/contract';
import { errorFacts } from './error-codes';

/**
 * The names AppError took before the contract's codes. Kept so code written against them (a
 * branch in flight) still compiles and answers the generic code of the same status; new code
 * names the contract's code. Remove once nothing uses them.
 * @deprecated
 */
const legacyKinds = {
  BAD_REQUEST: 'bad_request',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  TOO_LARGE: 'payload_too_large',
  UNPROCESSABLE: 'validation_failed',
  LOCKED: 'password_confirm_required',
  INSUFFICIENT_BALANCE: 'insufficient_balance',
  TOO_MANY: 'rate_limited',
  UNAVAILABLE: 'unavailable',
} as const satisfies Record<string, ErrorCode>;
type LegacyKind = keyof typeof legacyKinds;

function codeOf(code: ErrorCode | LegacyKind): ErrorCode {
  return Object.hasOwn(legacyKinds, code) ? legacyKinds[code as LegacyKind] : (code as ErrorCode);
}

/**
 * The one error business code throws. Its `code` is one of the contract's stable codes
 * (contract/src/error-codes.ts), which fixes the HTTP status; it carries the Arabic message the
 * client shows (the code's default when none is given). The central handler turns it into
 * `{ status: "error", code, msg, errors?, data? }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  /** Facts the caller acts on (the new price of a 409), sent as `data` beside `msg`. */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode | LegacyKind,
    message?: string,
    errors?: Record<string, string[]>,
    data?: Record<string, unknown>,
  ) {
    const known = codeOf(code);
    super(message ?? errorFacts[known].msg);
    this.code = known;
    this.status = errorFacts[known].status;
    this.errors = errors;
    this.data = data;
  }

  /** A 422 naming the fields at fault; the first message doubles as `msg`. */
  static fields(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError('validation_failed', first, errors);
  }
}
