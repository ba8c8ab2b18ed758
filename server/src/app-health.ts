import type { FastifyInstance } from 'fastify';
import { livenessReply, type ReadinessReply, readinessReply } from '@raseed/contract';
import type { WorkerName } from './kernel/effects';
import { migrations } from './db/migrations';
import { appliedMigrations } from './modules/monitoring';

/** A database that has not answered by then counts as down: a load balancer asks every few seconds. */
const DATABASE_BOUND_MS = 2_000;

type Probe = { state: 'ok'; applied: string[] } | { state: 'unreachable' | 'timeout' };

/**
 * A failover or a network blip ends the pooled connections while they sit idle; the first query
 * on each finds its socket closed before the pool has noticed. Those are not the database being
 * down, so a failed attempt is tried again (the pool has dropped that connection) within the bound.
 */
const DATABASE_ATTEMPTS = 3;

async function probeDatabase(app: FastifyInstance): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DATABASE_BOUND_MS);
  });
  const attempt = async (left: number): Promise<string[]> => {
    try {
      return await appliedMigrations(app.db);
    } catch (err) {
      if (left <= 1) throw err;
      return attempt(left - 1);
    }
  };
  try {
    const applied = await Promise.race([attempt(DATABASE_ATTEMPTS), late]);
    return applied === 'timeout' ? { state: 'timeout' } : { state: 'ok', applied };
  } catch (err) {
    app.log.warn({ err }, 'readiness: database unreachable');
    return { state: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process lives (200 always; a supervisor restarts it when this stops answering).
 * /readyz: it can serve: the database answers within its bound, every migration the code has is
 * applied, and each worker this instance runs is running; 503 naming what failed otherwise, so a
 * load balancer sends it no traffic until then. During shutdown both answer 503 (transport-errors.ts).
 */
export function healthRoutes(
  app: FastifyInstance,
  workers: () => Record<WorkerName, { state(): ReadinessReply['workers'][string] }>,
): void {
  // `hide`: outside both API documents, like /metrics; a supervisor calls them, not a client.
  app.get('/healthz', { schema: { hide: true, response: { 200: livenessReply } } }, async () => ({
    live: true as const,
  }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessReply, 503: readinessReply } } },
    async (_request, reply) => {
      const probe = await probeDatabase(app);
      const known = Object.keys(await migrations.getMigrations());
      const pendingMigrations = probe.state === 'ok' ? known.filter((name) => !probe.applied.includes(name)) : [];
      const states = Object.fromEntries(Object.entries(workers()).map(([name, w]) => [name, w.state()]));
      const failed: ReadinessReply['failed'] = [];
      if (probe.state !== 'ok') failed.push('database');
      if (pendingMigrations.length) failed.push('migrations');
      if (Object.values(states).includes('stopped')) failed.push('workers');
      const body: ReadinessReply = {
        ready: failed.length === 0,
        failed,
        database: probe.state,
        pendingMigrations,
        workers: states,
      };
      return reply
        .code(failed.length ? 503 : 200)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
