import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DB } from '../db/database';
import { rowCounts } from '../db/table-counts';
import { ledgerTotals, verifyLedger } from '../modules/wallet';

export const MANIFEST_FILE = 'manifest.json';
/** The database inside a backup folder, by engine. */
export const DATABASE_FILE = { sqlite: 'raseed.sqlite', postgres: 'raseed.pgdump' } as const;

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  engine: z.enum(['sqlite', 'postgres']),
  database: z.string(),
  tables: z.record(z.string(), z.number().int()),
  ledger: z.object({
    balances: z.number(),
    credits: z.number(),
    debits: z.number(),
    debts: z.number(),
    ledgerRows: z.number().int(),
    clean: z.boolean(),
  }),
  uploads: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('disk'), files: z.number().int(), bytes: z.number().int() }),
    z.object({ storage: z.literal('s3'), bucket: z.string(), note: z.string() }),
  ]),
  /** Names the app key the codes and secrets inside were sealed with; never the key itself. */
  appKey: z.object({ id: z.string() }).nullable(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type StoreFigures = Pick<Manifest, 'tables' | 'ledger'>;

/**
 * Rows per table and the ledger's sums, with whether ledger:verify finds them clean. One after
 * the other: a backup is taken while the store serves, and on PostgreSQL each read at once would
 * be one more busy server process taking a core from the orders.
 */
export async function storeFigures(db: DB): Promise<StoreFigures> {
  const tables = await rowCounts(db);
  const totals = await ledgerTotals(db);
  const report = await verifyLedger(db);
  return { tables, ledger: { ...totals, clean: report.ok } };
}

/**
 * A short name for a key, safe to print and to store beside the data: a hash of it under a label
 * of its own, so it matches no other use of the key.
 */
export function appKeyId(key: Buffer): string {
  return createHash('sha256').update('raseed app key id\n').update(key).digest('hex').slice(0, 16);
}

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!existsSync(file)) throw new BackupError(`${folder} holds no ${MANIFEST_FILE}: it is not a Raseed backup`, 1);
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new BackupError(`${file} is not a manifest this version reads: ${parsed.error.message}`, 1);
  return parsed.data;
}

/** The running code's version: the repository's package.json, and its commit when it is a checkout. */
export function appVersion(): Manifest['app'] {
  let dir = import.meta.dirname;
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name !== 'raseed') continue;
    return { version: pkg.version ?? '0.0.0', commit: gitCommit(dir) };
  }
  return { version: '0.0.0', commit: null };
}

/** An install without git (a release archive, an image) has no commit to name. */
function gitCommit(root: string): string | null {
  if (!existsSync(path.join(root, '.git'))) return null;
  const r = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** A refusal or failure the commands print as is, with the exit code they end with. */
export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
