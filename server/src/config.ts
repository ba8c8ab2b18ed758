import { createOutbound, type Outbound } from './kernel/outbound';
import { createSealer, type KeyRing, type Sealer } from './kernel/sealing';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env: validated once at boot. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  // Descriptors of the one listening socket on PORT: each lets one more customer connect per
  // event-loop turn when many arrive at once (kernel/http/listeners.ts).
  LISTENERS: z.coerce.number().int().min(1).max(64).default(16),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PG_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
  RASEED_DEMO: z.enum(['0', '1']).default('1'),
  APP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  // Keys that sealed before APP_KEY: they still open until `npm run keys -- rotate` reseals.
  APP_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}(\s*,\s*[0-9a-fA-F]{64})*$/, 'app keys of 64 hex characters, comma-separated')
    .optional(),
  // The key of every HMAC (API-key hashes, backup codes, signed links): the first app key, for good.
  HMAC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hex characters: the app key the store had before its first rotation')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  TOPUP_MAX_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a positive decimal, e.g. 10000')
    .default('10000'),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  // 0: no proxy; a hop count (1 = the right-most X-Forwarded-For address, written by our proxy);
  // or the proxies' addresses/CIDRs, comma-separated.
  TRUST_PROXY: z
    .string()
    .default('0')
    .refine(
      (v) => /^\d{1,2}$/.test(v) || trustedProxyList(v) !== null,
      'a hop count (0, 1, 2) or comma-separated proxy addresses/CIDRs',
    ),
  // Slow clients: a request must arrive whole within REQUEST_TIMEOUT_MS, its headers within
  // HEADERS_TIMEOUT_MS; an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // Receipts of rejected top-ups are deleted after this many days; approved ones are kept.
  RECEIPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  // How long a password confirmation (POST /user/confirm-password) lets a session change the
  // e-mail, the password or two-factor without asking again.
  PASSWORD_CONFIRM_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400 * 7)
    .default(3 * 3600),
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
    .refine(
      (v) => splitOrigins(v).every((o) => URL.canParse(o)),
      'comma-separated origins, e.g. https://shop.example.com',
    ),
  // 1: a request whose host (or origin) no storefront lists gets a 404 instead of storefront 1.
  STOREFRONT_STRICT: z.enum(['0', '1']).default('0'),
  // Number purchases: the in-process worker that rents numbers and polls for their SMS codes.
  NUMBERS_WORKER: z.enum(['0', '1']).default('1'),
  NUMBERS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  NUMBERS_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  NUMBERS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  NUMBERS_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  NUMBERS_MAX_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(15_000),
  NUMBERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  NUMBERS_SYNC_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(300_000),
  // Issue 18: web push (VAPID keys generated into DATA_DIR/vapid.json without them), statements' PDF.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto:… or https://…')
    .default('mailto:admin@raseed.invalid'),
  PUSH_WORKER: z.enum(['0', '1']).default('1'),
  PUSH_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
  PUSH_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Resellers' webhooks: the in-process sender, its poll, and the first retry's wait (the whole
  // schedule, 5 s … every 3 h for 24 h, scales with it; tests make it small).
  WEBHOOK_WORKER: z.enum(['0', '1']).default('1'),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  // Test mode of the resellers' API: how long a "later" test order (player data …0002) stays pending.
  TEST_MODE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // Prometheus metrics: on their own port (bound to METRICS_HOST, loopback by default), else on the
  // main port for a caller with `Authorization: Bearer METRICS_TOKEN`, else not served at all.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z
    .union([z.string().min(16, 'at least 16 characters, e.g. from `openssl rand -hex 16`'), z.literal('')])
    .optional(),
  // SIGTERM: requests in flight and workers' jobs get this long to finish, then the process exits.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  // Backups taken by the store itself (docs/operations.md#back-up-and-restore): how often, how
  // many to keep, and where. Set on one instance only.
  BACKUP_EVERY: z
    .string()
    .regex(/^[1-9]\d*(m|h|d)$/, 'a number and a unit: 30m, 6h, 1d')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_DIR: z.string().optional(),
  // Mail (password-reset links): smtp://user:pass@host:587 or smtps://…:465. Without it the
  // forgot-password page tells customers to reach the store on WhatsApp.
  SMTP_URL: z
    .union([
      z.string().regex(/^smtps?:\/\/[^\s]+$/, 'smtp://user:pass@host:587 or smtps://user:pass@host:465'),
      z.literal(''),
    ])
    .optional(),
  // The sender, e.g. "رصيد <no-reply@store.example.com>"; no-reply@<PUBLIC_URL's host> by default.
  SMTP_FROM: z.string().max(200).optional(),
  // Calls to URLs someone gave the store (push endpoints, webhooks, suppliers, numbers providers):
  // kernel/outbound.ts. `1` allows http: and loopback or private addresses (tests, the demo, one host).
  OUTBOUND_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  // Push endpoints only on these hosts (`*.` a subdomain of): the browsers' push services.
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com'),
});

/** A comma list of IPs or CIDRs, or null when one entry is neither. */
function trustedProxyList(v: string): string[] | null {
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ip = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
  const names = ['loopback', 'linklocal', 'uniquelocal'];
  return items.length && items.every((s) => ip.test(s) || names.includes(s)) ? items : null;
}

/**
 * What Fastify's trustProxy gets: false, a hop count as a function (Fastify's own number form
 * trusts nothing), or the list of proxy addresses.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

function trustProxySetting(v: string): TrustProxy {
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    // proxy-addr asks about the socket peer first (hop 0), then each X-Forwarded-For entry from
    // the right: trusting `hops` of them makes the client the hops-th address from the right.
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  return trustedProxyList(v) ?? false;
}

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

/** How an outbox worker leases its jobs and backs off (the supplier forwarder, the numbers worker). */
export type LeaseWorkerSettings = {
  worker: boolean;
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  backoffMs: number;
  maxDelayMs: number;
};

export type Config = {
  port: number;
  host: string;
  /** Descriptors of the listening socket the event loop watches (kernel/http/listeners.ts). */
  listeners: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: send repeated statements named (db/pg-statements.ts); `0` for PgBouncer before 1.21. */
  pgPreparedStatements: boolean;
  demo: boolean;
  /** The current 32-byte app key: what seals secrets at rest from now on. */
  appKey: Buffer;
  /** Seals, opens and MACs with the key ring (kernel/sealing.ts); nothing else is handed a key. */
  sealer: Sealer;
  /** The one way to call a URL someone gave the store (kernel/outbound.ts). */
  outbound: Outbound;
  logLevel: string;
  webDist: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  googleIssuers: string[];
  uploadMaxBytes: number;
  topupMaxAmount: string;
  tokenTtlDays: number;
  trustProxy: TrustProxy;
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  receiptRetentionDays: number;
  passwordConfirmSeconds: number;
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  delivery: LeaseWorkerSettings;
  /** No trailing slash; undefined: each request's own origin. */
  publicUrl: string | undefined;
  /** Storefront 1's origins allowed to call the APIs from a browser; the store's own (PUBLIC_URL) is always one. */
  corsOrigins: string[];
  /** STOREFRONT_STRICT: an unknown host is refused (404) instead of answered as storefront 1. */
  storefrontStrict: boolean;
  numbers: LeaseWorkerSettings & {
    timeoutMs: number;
    syncMs: number;
  };
  push: {
    worker: boolean;
    pollMs: number;
    leaseMs: number;
    maxAttempts: number;
    backoffMs: number;
    timeoutMs: number;
    /** Hosts a push endpoint may name; `*.example.com` stands for its subdomains. */
    endpointHosts: string[];
    vapidPublicKey?: string | undefined;
    vapidPrivateKey?: string | undefined;
    vapidSubject: string;
  };
  /** The resellers' webhook sender (modules/webhooks/worker.ts). */
  webhooks: { worker: boolean; pollMs: number; leaseMs: number; backoffMs: number; timeoutMs: number };
  /** Test mode of the resellers' API (modules/test-orders): a "later" order's delay, and the poll that delivers it. */
  testMode: { delayMs: number; pollMs: number };
  /** Where /metrics is served: `port` (its own listener on `host`), else the main port with `token`, else nowhere. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** How long SIGTERM waits for requests and workers before the process exits anyway. */
  shutdownGraceMs: number;
  /** Chromium that prints statements to PDF. */
  chromiumPath: string;
  /** Where mail goes out (password-reset links); undefined: the store sends no mail. */
  smtp: { url: string; from: string } | undefined;
  /** The store's own backup schedule (backup/schedule.ts); undefined: backups are taken by hand. */
  backup: { everyMs: number; keep: number; dir: string } | undefined;
};

/**
 * Without APP_KEY a key is generated once and kept in DATA_DIR, so a restart keeps sessions,
 * encrypted 2FA secrets and signed links valid. Several instances must share APP_KEY.
 */
function loadAppKey(explicit: string | undefined, dataDir: string): Buffer {
  if (explicit) return Buffer.from(explicit, 'hex');
  const file = path.join(dataDir, 'app.key');
  let stored: string | null = null;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  }
  // An empty or cut key would make every signed link forgeable: refuse to start instead.
  if (!/^[0-9a-fA-F]{64}$/.test(stored)) {
    throw new ConfigError(
      `Invalid configuration: ${file} (app.key) must hold 64 hex characters; ` +
        `APP_KEY is not set. Restore the key or set APP_KEY.`,
    );
  }
  return Buffer.from(stored, 'hex');
}

/**
 * The app key as configured (APP_KEY, else DATA_DIR/app.key), or null when there is none yet.
 * Unlike loadAppKey it never creates one: for the backup commands, which only name the key.
 */
export function existingAppKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer | null {
  const explicit = env.APP_KEY;
  if (explicit && /^[0-9a-fA-F]{64}$/.test(explicit)) return Buffer.from(explicit, 'hex');
  try {
    const stored = readFileSync(path.join(dataDir, 'app.key'), 'utf8').trim();
    return /^[0-9a-fA-F]{64}$/.test(stored) ? Buffer.from(stored, 'hex') : null;
  } catch {
    return null;
  }
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** BACKUP_EVERY (`6h`) in milliseconds; BACKUP_DIR is required with it. */
function backupSettings(every: string | undefined, keep: number, dir: string | undefined): Config['backup'] {
  if (!every) return undefined;
  if (!dir) {
    throw new ConfigError(
      'Invalid configuration: BACKUP_EVERY needs BACKUP_DIR (where the backups go; best another disk than DATA_DIR).',
    );
  }
  const unit = every.slice(-1) as keyof typeof UNIT_MS;
  return { everyMs: Number(every.slice(0, -1)) * UNIT_MS[unit], keep, dir: path.resolve(dir) };
}

/**
 * The ring around the current key. The MAC key must not change when the app key does: it is
 * HMAC_KEY, or the app key itself while there is no previous key (a store that never rotated
 * made its MACs with it). With previous keys and no HMAC_KEY the store cannot tell which key
 * made its MACs, so it refuses to start rather than make every API key and backup code unknown.
 */
function keyRing(current: Buffer, previous: string | undefined, macKey: string | undefined): KeyRing {
  const older = (previous ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => Buffer.from(k, 'hex'));
  if (older.length && !macKey) {
    throw new ConfigError(
      'Invalid configuration: APP_KEY_PREVIOUS is set without HMAC_KEY. Set HMAC_KEY to the app key ' +
        'the store had before its first rotation: API keys, backup codes and signed links are HMACs made with it.',
    );
  }
  return { current, previous: older, mac: macKey ? Buffer.from(macKey, 'hex') : current };
}

/**
 * Mail needs PUBLIC_URL: a reset link built from the request's Host header would let anyone ask
 * for a victim's link pointing at their own site (password-reset poisoning), and the token with it.
 */
function smtpSettings(url: string | undefined, from: string | undefined, publicUrl: string | undefined) {
  if (!url) return undefined;
  if (!publicUrl) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL needs PUBLIC_URL (the store address the reset links point to); ' +
        'a link built from the request Host header could be pointed at another site.',
    );
  }
  return { url, from: from?.trim() || `no-reply@${new URL(publicUrl).hostname}` };
}

/** A setting that makes the server refuse to start; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The key given to commands that neither sign nor decrypt (ledger:verify, the operator CLI), so
 * loading their configuration never creates an app key file as a side effect.
 */
export const UNUSED_APP_KEY = Buffer.alloc(32);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (environment variables):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const appKey = overrides.appKey ?? loadAppKey(e.APP_KEY, dataDir);
  const allowPrivate = (e.OUTBOUND_ALLOW_PRIVATE ?? e.WEBHOOK_ALLOW_PRIVATE) === '1';
  return {
    port: e.PORT,
    host: e.HOST,
    listeners: e.LISTENERS,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS === '1',
    demo: e.RASEED_DEMO === '1',
    appKey,
    sealer: createSealer(keyRing(appKey, e.APP_KEY_PREVIOUS, e.HMAC_KEY)),
    outbound: createOutbound({ allowPrivate }),
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
    corsOrigins: [
      ...new Set(
        [...splitOrigins(e.CORS_ORIGINS), ...(e.PUBLIC_URL ? [e.PUBLIC_URL] : [])].map((o) => new URL(o).origin),
      ),
    ],
    storefrontStrict: e.STOREFRONT_STRICT === '1',
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    receiptRetentionDays: e.RECEIPT_RETENTION_DAYS,
    passwordConfirmSeconds: e.PASSWORD_CONFIRM_SECONDS,
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
    push: {
      worker: e.PUSH_WORKER === '1',
      pollMs: e.PUSH_POLL_MS,
      leaseMs: 60_000,
      maxAttempts: e.PUSH_MAX_ATTEMPTS,
      backoffMs: e.PUSH_BACKOFF_MS,
      timeoutMs: e.PUSH_TIMEOUT_MS,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      vapidPublicKey: e.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY || undefined,
      vapidSubject: e.VAPID_SUBJECT,
    },
    webhooks: {
      worker: e.WEBHOOK_WORKER === '1',
      pollMs: e.WEBHOOK_POLL_MS,
      leaseMs: 60_000,
      backoffMs: e.WEBHOOK_BACKOFF_MS,
      timeoutMs: 10_000,
    },
    testMode: { delayMs: e.TEST_MODE_DELAY_MS, pollMs: Math.min(1000, Math.max(50, e.TEST_MODE_DELAY_MS / 5)) },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN || undefined },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    chromiumPath: e.CHROMIUM_PATH,
    smtp: smtpSettings(e.SMTP_URL, e.SMTP_FROM, e.PUBLIC_URL),
    backup: backupSettings(e.BACKUP_EVERY, e.BACKUP_KEEP, e.BACKUP_DIR),
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
