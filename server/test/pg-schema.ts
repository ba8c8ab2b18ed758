import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL schema and a data directory of one test file's own, for files that open their
 * own connections with `connect()` rather than an app; `drop()` removes both.
 */
export function ownPgSchema(label: string) {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `raseed-${label}-`));
  return {
    url,
    schema,
    dataDir,
    async drop(): Promise<void> {
      if (url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
