import { messageForStatus } from './messages-ar';

const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
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

  constructor(code: AppErrorCode, message?: string, errors?: Record<string, string[]>) {
    const status = statusByCode[code];
    super(message ?? messageForStatus(status));
    this.code = code;
    this.status = status;
    this.errors = errors;
  }

  /** A 422 naming the fields at fault; the first message doubles as `msg`. */
  static fields(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError('UNPROCESSABLE', first, errors);
  }
}
