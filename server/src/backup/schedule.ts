import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { partialOf } from './take-backup';

export type ScheduledBackup = { name: string; ok: boolean; message: string };

export type BackupScheduleOptions = {
  everyMs: number;
  keep: number;
  dir: string;
  /** The compiled backup command (server/dist/backup.js), run with the store's environment. */
  backupEntry: string;
  env: NodeJS.ProcessEnv;
  log: { info(msg: string): void; error(msg: string): void };
  /** Told after each backup (and its pruning); tests wait on it. */
  onDone?: (result: ScheduledBackup) => void;
};

const NAME = /^raseed-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** Names sort by time: `raseed-2026-11-26T13-05-00-000Z`. */
export const backupName = (at: Date) => `raseed-${at.toISOString().replace(/[:.]/g, '-')}`;

/** Removes all but the `keep` newest backups in `dir`; other files there are left alone. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort();
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const n of gone) rmSync(path.join(dir, n), { recursive: true, force: true });
  return gone;
}

/**
 * The store's own backups (BACKUP_EVERY): every `everyMs`, the backup command in a child process
 * (its one-step SQLite copy or pg_dump never holds this process's event loop), then the oldest
 * pruned down to `keep`. The next one is timed from the end of the last, so two never overlap.
 */
export function startBackupSchedule(opts: BackupScheduleOptions): { stop(): Promise<void> } {
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  let timer: NodeJS.Timeout | null = null;
  let running: { child: ChildProcess; target: string; done: Promise<void> } | null = null;
  let stopped = false;

  const next = () => {
    if (stopped) return;
    timer = setTimeout(run, opts.everyMs);
    timer.unref();
  };

  function run(): void {
    const name = backupName(new Date());
    const target = path.join(opts.dir, name);
    const child = spawn(process.execPath, [opts.backupEntry, '--to', target], {
      env: { ...opts.env, INIT_CWD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    const done = new Promise<void>((resolve) => {
      child.on('close', (code, signal) => {
        running = null;
        const ok = code === 0;
        const message = ok ? out.trim() : `backup ${name} failed (${signal ?? `exit ${code}`}): ${out.trim()}`;
        if (ok) {
          const gone = pruneBackups(opts.dir, opts.keep);
          opts.log.info(`${message}${gone.length ? `; removed ${gone.join(', ')}` : ''}`);
        } else {
          rmSync(partialOf(target, child.pid ?? 0), { recursive: true, force: true });
          opts.log.error(message);
        }
        opts.onDone?.({ name, ok, message });
        resolve();
        next();
      });
    });
    running = { child, target, done };
  }

  next();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running) return;
      const { child, done } = running;
      // A backup cut short at shutdown is not kept: the next start takes the next one.
      child.kill('SIGTERM');
      await done;
    },
  };
}
