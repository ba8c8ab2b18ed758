import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCli } from '../../scripts/lib/build.mjs';
import { readManifest } from '../src/backup/manifest';
import { type ScheduledBackup, startBackupSchedule } from '../src/backup/schedule';
import { openRuntime } from '../src/bootstrap';
import { ConfigError, loadConfig } from '../src/config';

// The schedule only times and prunes runs of the backup command (backup-restore.test.ts covers
// that command on both engines): this file runs on SQLite only (scripts/test-all.mjs).
let root: string;
let env: Record<string, string>;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'raseed-schedule-'));
  env = { DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', APP_KEY: 'ab'.repeat(32) };
  const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { seed: true });
  await runtime.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR', () => {
  it('read as a period and a count, and BACKUP_DIR is required with BACKUP_EVERY', () => {
    const c = loadConfig({ DATA_DIR: env.DATA_DIR, APP_KEY: env.APP_KEY, BACKUP_EVERY: '6h', BACKUP_DIR: root });
    expect(c.backup).toEqual({ everyMs: 6 * 3_600_000, keep: 7, dir: root });
    expect(loadConfig({ ...env, BACKUP_EVERY: '1d', BACKUP_KEEP: '3', BACKUP_DIR: root }).backup?.everyMs).toBe(
      86_400_000,
    );
    expect(loadConfig(env).backup).toBeUndefined();
    expect(() => loadConfig({ ...env, BACKUP_EVERY: '6h' })).toThrow(/BACKUP_EVERY needs BACKUP_DIR/);
    expect(() => loadConfig({ ...env, BACKUP_EVERY: '6 hours', BACKUP_DIR: root })).toThrow(ConfigError);
  });

  it('takes backups one after another and keeps the BACKUP_KEEP newest', { timeout: 60_000 }, async () => {
    const dir = path.join(root, 'backups');
    const done: ScheduledBackup[] = [];
    const errors: string[] = [];
    let fourth!: () => void;
    const fourDone = new Promise<void>((r) => {
      fourth = r;
    });
    const schedule = startBackupSchedule({
      everyMs: 1,
      keep: 2,
      dir,
      backupEntry: backupCli,
      env: { ...process.env, ...env },
      log: { info: () => {}, error: (m) => errors.push(m) },
      onDone: (r) => {
        done.push(r);
        if (done.length === 4) fourth();
      },
    });
    // Not a backup: pruning leaves it alone.
    writeFileSync(path.join(dir, 'README.txt'), 'offsite copies go to …');
    await fourDone;
    await schedule.stop();
    // The next run is timed when the last one ends, and stop() came before its timer fired.
    expect(errors).toEqual([]);
    expect(done.map((d) => d.ok)).toEqual([true, true, true, true]);
    const kept = readdirSync(dir).sort();
    expect(kept).toEqual(['README.txt', done[2]!.name, done[3]!.name]);
    for (const name of kept.filter((n) => n.startsWith('raseed-'))) {
      expect(readManifest(path.join(dir, name)).tables.users).toBeGreaterThan(0);
    }
  });
});
