import { z } from 'zod';

/** GET /healthz: the process lives and its event loop answers. */
export const livenessReply = z.object({ live: z.literal(true) });

/** A background worker as /readyz sees it: `off` is a worker this instance was told not to run. */
export const workerState = z.enum(['running', 'off', 'stopped']);

/**
 * GET /readyz: 200 when the database answers within its bound, every migration is applied and
 * every worker this instance runs is running; 503 otherwise, `failed` naming what is not.
 */
export const readinessReply = z.object({
  ready: z.boolean(),
  failed: z.array(z.enum(['database', 'migrations', 'workers'])),
  database: z.enum(['ok', 'unreachable', 'timeout']),
  /** Migrations the code has and the database has not applied (unknown while the database is unreachable). */
  pendingMigrations: z.array(z.string()),
  workers: z.record(z.string(), workerState),
});
export type ReadinessReply = z.infer<typeof readinessReply>;
