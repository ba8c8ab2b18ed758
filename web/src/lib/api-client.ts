import { errorReply } from '@raseed/contract';
import type { z } from 'zod';
import { t } from './i18n';

/** Trailing slashes are dropped so `VITE_API_BASE=https://host/` and `https://host` both work. */
export const API_BASE = `${(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '')}/public/api/v1`;

/** The operator API; only the lazily loaded operator area calls it (through `adminApi`). */
export const ADMIN_API_BASE = `${(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '')}/admin/api/v1`;

export type FieldErrors = Record<string, string[]>;

/** The one error every call throws: HTTP status (0 when the network failed) and Arabic text. */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly errors: FieldErrors | undefined;

  constructor(status: number, msg: string, errors?: FieldErrors, options?: { cause?: unknown }) {
    super(msg, options);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.errors = errors;
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
};

let authToken: string | null = null;

/** Called by the session store whenever the token changes; no screen should need it. */
export function setAuthToken(token: string | null): void {
  authToken = token;
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
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  schema: S,
  body: RequestBody | undefined,
  options: RequestOptions = {},
): Promise<z.output<S>> {
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
  const failure = errorReply.safeParse(json);
  // A body shaped as an error is an error even under a 2xx status.
  if (!res.ok || failure.success) {
    const reply = failure.success ? failure.data : undefined;
    throw new ApiError(res.status, reply?.msg || t('request.error'), reply?.errors);
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
        res = await fetch(buildUrl(base, path, options.query), { headers, signal: options.signal, credentials: 'omit' });
      } catch (cause) {
        throw new ApiError(0, t('request.error'), undefined, { cause });
      }
      if (!res.ok) {
        const reply = errorReply.safeParse(await readJson(res));
        throw new ApiError(res.status, reply.success ? reply.data.msg : t('request.error'), reply.success ? reply.data.errors : undefined);
      }
      return res.blob();
    },
    get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request(base, 'GET', path, schema, undefined, options),
    post: <S extends z.ZodType>(path: string, body: RequestBody | undefined, schema: S, options?: RequestOptions) =>
      request(base, 'POST', path, schema, body, options),
    patch: <S extends z.ZodType>(path: string, body: RequestBody, schema: S, options?: RequestOptions) =>
      request(base, 'PATCH', path, schema, body, options),
    del: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request(base, 'DELETE', path, schema, undefined, options),
  };
}

export const api = client(API_BASE);

/** The same client for /admin/api/v1 (same token, same errors, same reply validation). */
export const adminApi = client(ADMIN_API_BASE);

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
