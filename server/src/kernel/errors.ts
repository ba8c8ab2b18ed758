import type { ErrorCode } from '@raseed/contract';
import { errorFacts } from './error-codes';

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

  constructor(code: ErrorCode, message?: string, errors?: Record<string, string[]>, data?: Record<string, unknown>) {
    super(message ?? errorFacts[code].msg);
    this.code = code;
    this.status = errorFacts[code].status;
    this.errors = errors;
    this.data = data;
  }

  /** A 422 naming the fields at fault; the first message doubles as `msg`. */
  static fields(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError('validation_failed', first, errors);
  }
}
