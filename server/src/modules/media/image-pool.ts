import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { createRequire } from 'node:module';
import { AppError } from '../../kernel/errors';
import type { ImageTask, ImageTaskResult } from './image-task';
import { isPdf, PDF_LIMITS } from './pdf-receipt';

/**
 * Image checks (type, dimensions, metadata stripping, fingerprint) run in a small pool of
 * worker threads, so a crafted file costs a worker's time, never the event loop's: pages stay
 * fast while uploads arrive. At most `threads` images are worked on at once and `queue` wait;
 * beyond that an upload gets 503 and is tried again later.
 */
export type ImagePool = { run(task: ImageTask): Promise<ImageTaskResult>; close(): Promise<void> };

const busyMsg = 'الخادم مشغول بمعالجة صور أخرى، يرجى إعادة المحاولة بعد لحظات';

export function createImagePool(opts: { threads?: number; queue?: number } = {}): ImagePool {
  const threads = opts.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  let pool: Piscina | null = null;
  // Started on the first upload: most app instances in tests never need one.
  const get = () => {
    // Loaded with the first upload: most processes (the CLIs, most test apps) never start a pool.
    const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
    pool ??= new Pool({
      filename: new URL('./image-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: opts.queue ?? 32,
      idleTimeout: 30_000,
      // A worker's heap is bounded too: a decoder bug costs one worker, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    return pool;
  };
  return {
    async run(task) {
      try {
        // A copy of its own is moved to the worker (an upload's Buffer may share a pooled one).
        const bytes = new Uint8Array(task.bytes);
        // A PDF's time bound, behind the one inside the task (which kills poppler a little earlier): aborting a
        // running task ends its worker thread.
        const bound = task.pdf && isPdf(bytes) ? { signal: AbortSignal.timeout(PDF_LIMITS.seconds * 1000) } : {};
        return (await get().run({ ...task, bytes }, { transferList: [bytes.buffer], ...bound })) as ImageTaskResult;
      } catch (error) {
        if (error instanceof Error && /queue is full/i.test(error.message)) throw new AppError('unavailable', busyMsg);
        if (error instanceof Error && (error.name === 'AbortError' || /aborted/i.test(error.message)))
          return { error: 'slow' };
        throw error;
      }
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}

let shared: ImagePool | null = null;

/** The process's one pool: its bound holds however many app instances run in the process. */
export function imagePool(): ImagePool {
  shared ??= createImagePool();
  return shared;
}
