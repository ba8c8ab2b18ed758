import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect';
import { sqliteDriver } from '../src/db/sqlite-driver';
import { checkpointBesideLoop } from '../src/db/wal-checkpoints';

// better-sqlite3 12 aborts the process on Node 24 (WiseLibs/better-sqlite3#1515) and 13 segfaults
// on Node 20: the SQLite engine must run on the one that supports the running Node.
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

describe('SQLite driver', () => {
  it('is better-sqlite3 13 on Node >= 22 and 12 on Node 20', () => {
    const { version } = require(`${sqliteDriver.name}/package.json`) as { version: string };
    if (nodeMajor >= 22) {
      expect(sqliteDriver.name).toBe('better-sqlite3-node22');
      expect(version).toMatch(/^13\./);
    } else {
      expect(sqliteDriver.name).toBe('better-sqlite3');
      expect(version).toMatch(/^12\./);
    }
  });

  it('opens a store database through it and survives statements being collected', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-driver-'));
    const handle = await connect({ dataDir });
    try {
      await sql`create table t (n integer)`.execute(handle.db);
      for (let i = 0; i < 500; i++) await sql`insert into t (n) values (${i})`.execute(handle.db);
      (globalThis as { gc?: () => void }).gc?.();
      const { rows } = await sql<{ c: number }>`select count(*) as c from t`.execute(handle.db);
      expect(rows[0]?.c).toBe(500);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps the server's savepoint journals in memory: a batch of orders writes no temporary file", async () => {
    // Group commit puts each order of a batch in its own SAVEPOINT (kernel/unit-of-work.ts). SQLite
    // journals every page a savepoint first changes; past 64 KiB that journal became a temporary
    // file, and each page then cost a write to it (docs/performance.md#sqlite-savepoints-in-memory).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-driver-'));
    const handle = await connect({ dataDir, tempInMemory: true });
    const tempFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return /etilqs_/.test(readlinkSync(`/proc/self/fd/${fd}`));
        } catch {
          return false;
        }
      }).length;
    try {
      await sql`create table t (n integer primary key, pad text)`.execute(handle.db);
      await sql`create index t_pad on t (pad)`.execute(handle.db);
      const before = tempFiles();
      let during = 0;
      await handle.db.transaction().execute(async (tx) => {
        for (let i = 0; i < 50; i++) {
          await sql.raw(`savepoint s${i}`).execute(tx);
          await sql`insert into t (n, pad) values (${i}, ${'x'.repeat(3000)})`.execute(tx);
          await sql`update t set pad = ${String(i).repeat(3000)} where n < ${i}`.execute(tx);
          await sql.raw(`release s${i}`).execute(tx);
        }
        during = tempFiles();
      });
      expect(during - before).toBe(0);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets the event loop turn while a commit is synced to disk, and answers only after it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-driver-'));
    const handle = await connect({ dataDir });
    try {
      await sql`create table t (n integer)`.execute(handle.db);
      for (const write of [
        () => sql`insert into t (n) values (1)`.execute(handle.db),
        () => handle.db.transaction().execute((tx) => sql`insert into t (n) values (2)`.execute(tx)),
      ]) {
        // Before, better-sqlite3 fsynced inside the COMMIT on the event loop: the write resolved
        // before any timer or I/O callback of the process could run.
        let turned = false;
        setImmediate(() => {
          turned = true;
        });
        await write();
        expect(turned).toBe(true);
      }
      // A read queued during a sync runs after it and sees the write.
      const reads = Promise.all([
        sql`insert into t (n) values (3)`.execute(handle.db),
        sql<{ c: number }>`select count(*) as c from t`.execute(handle.db),
      ]);
      expect((await reads)[1].rows[0]?.c).toBe(3);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('checkpoints in a worker thread, not inside the commit on the event loop', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-driver-'));
    const handle = await connect({ dataDir, checkpointBesideLoop: true });
    const size = () => statSync(path.join(dataDir, 'raseed.sqlite')).size;
    try {
      await sql`create table t (n integer primary key, pad blob)`.execute(handle.db);
      const before = size();
      // ~3,000 pages in one commit: past SQLite's 1,000, whose checkpoint ran inside this COMMIT
      // and wrote the database file before the write resolved.
      await handle.db.transaction().execute(async (tx) => {
        for (let i = 0; i < 3000; i++) await sql`insert into t (n, pad) values (${i}, zeroblob(4000))`.execute(tx);
      });
      expect(size()).toBe(before);
      // The worker copies them there soon after.
      const deadline = Date.now() + 10_000;
      while (size() < 3000 * 4000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(size()).toBeGreaterThanOrEqual(3000 * 4000);
      const { rows } = await sql<{ c: number }>`select count(*) as c from t`.execute(handle.db);
      expect(rows[0]?.c).toBe(3000);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('gives the checkpoints back to the commits when the worker cannot run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-driver-'));
    const sqlite = new sqliteDriver.SQLite(path.join(dataDir, 'raseed.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    // A file the worker cannot open: it fails as it starts.
    const checkpoints = checkpointBesideLoop(sqlite, path.join(dataDir, 'missing.sqlite'), { everyMs: 1 });
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
      checkpoints.committed();
      expect((await warned).message).toMatch(/checkpoints run inside commits again/);
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await checkpoints.close();
      sqlite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
