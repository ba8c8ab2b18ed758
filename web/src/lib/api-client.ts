import type * as Contract from '@raseed/contract';
import type { z } from 'zod';
import { t } from './i18n';

/**
 * The contract's schemas (and zod with them) are loaded on the first request, not with the first
 * screen: the shell's calls pass a picker (`(c) => c.settingReply`) instead of the schema itself,
 * so zod stays out of the first-screen bytes. Screens loaded later may still pass a schema.
 */
export type SchemaRef<S extends z.ZodType> = S | ((contract: typeof Contract) => S);

let contract: Promise<typeof Contract> | undefined;

/** The contract module, fetched once. */
export function loadContract(): Promise<typeof Contract> {
  contract ??= import('@raseed/contract').catch((error: unknown) => {
    // A failed download (offline for a moment) is retried by the next request, not kept.
    contract = undefined;
    throw error;
  });
  return contract;
}

async function resolveSchema<S extends z.ZodType>(ref: SchemaRef<S>): Promise<S> {
  return typeof ref === 'function' ? ref(await loadContract()) : ref;
}

/** Trailing slashes are dropped so `VITE_API_BASE=https://host/` and `https://host` both work. */
export const API_BASE = `${(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '')}/public/api/v1`;

/** The operator API; only the lazily loaded operator area calls it (through `adminApi`). */
export const ADMIN_API_BASE = `${(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '')}/admin/api/v1`;

export type FieldErrors = Record<string, string[]>;

/** A code of the contract's list, or one a newer server added since this build. */
export type ReceivedErrorCode = Contract.ErrorCode | (string & {});

/**
 * The one error every call throws: HTTP status (0 when the network failed), the server's stable
 * `code` when it sent one, and Arabic text. Screens show `msg`; logic may branch on `code`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly errors: FieldErrors | undefined;
  /** Facts sent beside the error (a 409's new price: `{ price }`). */
  readonly data: unknown;
  /** undefined when no server answered (network) or the reply had none (a proxy's error page). */
  readonly code: ReceivedErrorCode | undefined;

  constructor(
    status: number,
    msg: string,
    errors?: FieldErrors,
    options?: { cause?: unknown; data?: unknown; code?: string },
  ) {
    super(msg, options);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.errors = errors;
    this.data = options?.data;
    this.code = options?.code;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type RequestBody = FormData | URLSearchParams | Record<string, unknown>;

export type RequestOptions = {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Overrides the session token, e.g. to revoke a token that is being cleared. */
  token?: string | null;
  /** Extra request headers, e.g. the Idempotency-Key of a purchase. */
  headers?: Record<string, string>;
  /** false: a 423 is an error like any other, without asking for the password (background calls). */
  askPassword?: boolean;
};

let authToken: string | null = null;

/** Called by the session store whenever the token changes; no screen should need it. */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

/**
 * What to do with a 423 (the server wants the password confirmed before this change): ask for
 * it, confirm it, and answer true to send the same request once more. Set by the auth feature.
 */
type PasswordConfirmHandler = (msg: string) => Promise<boolean>;
let confirmPasswordHandler: PasswordConfirmHandler | null = null;

export function setPasswordConfirmHandler(handler: PasswordConfirmHandler | null): void {
  confirmPasswordHandler = handler;
}

function buildUrl(base: string, path: string, query?: QueryParams): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Empty filters are omitted so the server applies its defaults (e.g. status "all").
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function encodeBody(body: RequestBody | undefined, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // FormData and URLSearchParams set their own Content-Type (multipart boundary, form encoding).
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<S extends z.ZodType>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schemaRef: SchemaRef<S>,
  body: RequestBody | undefined,
  options: RequestOptions = {},
  confirmed = false,
): Promise<z.output<S>> {
  // Started before the fetch so the contract chunk downloads while the request is in flight.
  const schemas = Promise.all([loadContract(), resolveSchema(schemaRef)]);
  schemas.catch(() => undefined);
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = options.token === undefined ? authToken : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let res: Response;
  try {
    res = await fetch(buildUrl(base, path, options.query), {
      method,
      headers,
      body: encodeBody(body, headers),
      signal: options.signal,
      // Cookies are never the credential here; the bearer header is.
      credentials: 'omit',
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, t('request.error'), undefined, { cause });
  }

  const json = await readJson(res);
  let errorReply: typeof Contract.receivedErrorReply;
  let schema: S;
  try {
    [{ receivedErrorReply: errorReply }, schema] = await schemas;
  } catch (cause) {
    // The contract chunk could not load (offline, a deploy replaced it): a network failure to the caller.
    throw new ApiError(0, t('request.error'), undefined, { cause });
  }
  const failure = errorReply.safeParse(json);
  // A body shaped as an error is an error even under a 2xx status.
  if (!res.ok || failure.success) {
    const reply = failure.success ? failure.data : undefined;
    if (
      res.status === 423 &&
      !confirmed &&
      options.askPassword !== false &&
      confirmPasswordHandler &&
      (await confirmPasswordHandler(reply?.msg || t('request.error')))
    ) {
      return request(base, method, path, schema, body, options, true);
    }
    throw new ApiError(res.status, reply?.msg || t('request.error'), reply?.errors, {
      data: (json as { data?: unknown } | undefined)?.data,
      code: reply?.code,
    });
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, t('request.error'), undefined, { cause: parsed.error });
  return parsed.data;
}

/**
 * The only HTTP client of the store. Paths are relative to /public/api/v1; every reply is
 * validated with a schema from @raseed/contract, so callers get typed data or an ApiError.
 */
function client(base: string) {
  return {
    /** A file reply (e.g. a CSV export) as a Blob, with the same token and the same errors. */
    file: async (path: string, options: RequestOptions = {}): Promise<Blob> => {
      const headers = new Headers(options.headers);
      const token = options.token === undefined ? authToken : options.token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      let res: Response;
      try {
        res = await fetch(buildUrl(base, path, options.query), {
          headers,
          signal: options.signal,
          credentials: 'omit',
        });
      } catch (cause) {
        throw new ApiError(0, t('request.error'), undefined, { cause });
      }
      if (!res.ok) {
        const { receivedErrorReply } = await loadContract();
        const reply = receivedErrorReply.safeParse(await readJson(res));
        throw new ApiError(
          res.status,
          reply.success ? reply.data.msg : t('request.error'),
          reply.success ? reply.data.errors : undefined,
          { code: reply.success ? reply.data.code : undefined },
        );
      }
      return res.blob();
    },
    /** An open text/event-stream reply (GET /events), with the same token; the caller reads its body. */
    stream: async (path: string, signal: AbortSignal): Promise<Response> => {
      const headers = new Headers({ Accept: 'text/event-stream' });
      if (authToken) headers.set('Authorization', `Bearer ${authToken}`);
      const res = await fetch(buildUrl(base, path), { headers, signal, credentials: 'omit', cache: 'no-store' });
      if (!res.ok || !res.body) throw new ApiError(res.status, t('request.error'));
      return res;
    },
    get: <S extends z.ZodType>(path: string, schema: SchemaRef<S>, options?: RequestOptions) =>
      request(base, 'GET', path, schema, undefined, options),
    post: <S extends z.ZodType>(
      path: string,
      body: RequestBody | undefined,
      schema: SchemaRef<S>,
      options?: RequestOptions,
    ) => request(base, 'POST', path, schema, body, options),
    patch: <S extends z.ZodType>(path: string, body: RequestBody, schema: SchemaRef<S>, options?: RequestOptions) =>
      request(base, 'PATCH', path, schema, body, options),
    /** A whole value set at its address (a storefront's price rule for one product). */
    put: <S extends z.ZodType>(path: string, body: RequestBody, schema: SchemaRef<S>, options?: RequestOptions) =>
      request(base, 'PUT', path, schema, body, options),
    del: <S extends z.ZodType>(path: string, schema: SchemaRef<S>, options?: RequestOptions) =>
      request(base, 'DELETE', path, schema, undefined, options),
  };
}

export const api = client(API_BASE);

/** The same client for /admin/api/v1 (same token, same errors, same reply validation). */
export const adminApi = client(ADMIN_API_BASE);

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
