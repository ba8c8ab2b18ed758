import { messageForStatus } from './messages-ar';

const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  LOCKED: 423,
  /** A debit larger than the balance: a 422 that callers can tell apart by its code. */
  INSUFFICIENT_BALANCE: 422,
  TOO_MANY: 429,
  UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof statusByCode;

/**
 * The one error business code throws. It always carries the Arabic message the client shows;
 * the central handler turns it into `{ status: "error", msg, errors? }` with the mapped status.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  /** Facts the caller acts on (the new price of a 409), sent as `data` beside `msg`. */
  readonly data: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message?: string, errors?: Record<string, string[]>, data?: Record<string, unknown>) {
    const status = statusByCode[code];
    super(message ?? messageForStatus(status));
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.data = data;
  }

  /** A 422 naming the fields at fault; the first message doubles as `msg`. */
  static fields(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError('UNPROCESSABLE', first, errors);
  }
}
