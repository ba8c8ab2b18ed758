import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env: validated once at boot. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  RASEED_DEMO: z.enum(['0', '1']).default('1'),
  APP_KEY: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  TOPUP_MAX_AMOUNT: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a positive decimal, e.g. 10000').default('10000'),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  // An S3-compatible bucket for uploads, so several instances share them; local disk without it.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.union([z.string().url(), z.literal('')]).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  // Rate-limit counters shared by every instance; in memory (per instance) without it.
  REDIS_URL: z.union([z.string().url(), z.literal('')]).optional(),
  // Forwarding orders to suppliers: the in-process worker and its timings.
  DELIVERY_WORKER: z.enum(['0', '1']).default('1'),
  DELIVERY_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  DELIVERY_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  DELIVERY_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  // Where customers reach the store (https://store.example.com); image and receipt links in
  // replies start with it. Without it, with the origin each request was sent to.
  PUBLIC_URL: z.union([z.string().url(), z.literal('')]).optional(),
  // Other origins whose pages may call the APIs (a storefront or console on another host).
  CORS_ORIGINS: z
    .string()
    .default('')
    .refine((v) => splitOrigins(v).every((o) => URL.canParse(o)), 'comma-separated origins, e.g. https://shop.example.com'),
  // Number purchases: the in-process worker that rents numbers and polls for their SMS codes.
  NUMBERS_WORKER: z.enum(['0', '1']).default('1'),
  NUMBERS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  NUMBERS_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  NUMBERS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  NUMBERS_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  NUMBERS_MAX_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(15_000),
  NUMBERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  NUMBERS_SYNC_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(300_000),
});

function splitOrigins(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Without keys the SDK's default chain applies (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  /** 32-byte key for encrypting secrets at rest and signing links. */
  appKey: Buffer;
  logLevel: string;
  webDist: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  googleIssuers: string[];
  uploadMaxBytes: number;
  topupMaxAmount: string;
  tokenTtlDays: number;
  trustProxy: boolean;
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  delivery: { worker: boolean; pollMs: number; leaseMs: number; maxAttempts: number; backoffMs: number; maxDelayMs: number };
  /** No trailing slash; undefined: each request's own origin. */
  publicUrl: string | undefined;
  /** Origins allowed to call the APIs from a browser; the store's own (PUBLIC_URL) is always one. */
  corsOrigins: string[];
  numbers: { worker: boolean; pollMs: number; leaseMs: number; maxAttempts: number; backoffMs: number; maxDelayMs: number; timeoutMs: number; syncMs: number };
};

/**
 * Without APP_KEY a key is generated once and kept in DATA_DIR, so a restart keeps sessions,
 * encrypted 2FA secrets and signed links valid. Several instances must share APP_KEY.
 */
function loadAppKey(explicit: string | undefined, dataDir: string): Buffer {
  if (explicit) return Buffer.from(explicit.padEnd(64, '0').slice(0, 64), 'hex').length === 32 && /^[0-9a-f]{64}$/i.test(explicit)
    ? Buffer.from(explicit, 'hex')
    : Buffer.from(explicit, 'utf8').subarray(0, 32);
  const file = path.join(dataDir, 'app.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('hex'), { mode: 0o600 });
    return key;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = schema.parse(env);
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    demo: e.RASEED_DEMO === '1',
    appKey: overrides.appKey ?? loadAppKey(e.APP_KEY, dataDir),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleIssuers: e.GOOGLE_ISSUERS.split(',').map((s) => s.trim()),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    topupMaxAmount: e.TOPUP_MAX_AMOUNT,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    redisUrl: e.REDIS_URL || undefined,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    corsOrigins: [...new Set([...splitOrigins(e.CORS_ORIGINS), ...(e.PUBLIC_URL ? [e.PUBLIC_URL] : [])].map((o) => new URL(o).origin))],
    trustProxy: e.TRUST_PROXY === '1',
    delivery: {
      worker: e.DELIVERY_WORKER === '1',
      pollMs: e.DELIVERY_POLL_MS,
      leaseMs: e.DELIVERY_LEASE_MS,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      backoffMs: e.DELIVERY_BACKOFF_MS,
      maxDelayMs: 5 * 60_000,
    },
    numbers: {
      worker: e.NUMBERS_WORKER === '1',
      pollMs: e.NUMBERS_POLL_MS,
      leaseMs: e.NUMBERS_LEASE_MS,
      maxAttempts: e.NUMBERS_MAX_ATTEMPTS,
      backoffMs: e.NUMBERS_BACKOFF_MS,
      maxDelayMs: e.NUMBERS_MAX_DELAY_MS,
      timeoutMs: e.NUMBERS_TIMEOUT_MS,
      syncMs: e.NUMBERS_SYNC_MS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
    ...overrides,
  };
}
