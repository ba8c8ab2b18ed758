import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { DB } from '../../../db/database';
import { createLeaseLoop, leaseWindow, perCustomerSends } from '../../../kernel/lease-worker';
import { asJobOf } from '../../../kernel/request-context';
import type { CountOutcome } from '../../../kernel/delivery-outcome';
import { type Outbound, OutboundError } from '../../../kernel/outbound';
import { claimPush, deleteSubscription, findSubscription, finishPush, type PushJob, settlePush } from './repository';
import { pushEndpointAllowed } from './endpoint-policy';
import type { VapidKeys } from './vapid';
import { isoAt } from '../../../kernel/time';

/** The push settings the worker uses: the configuration's, without the VAPID keys its sender holds. */
export type PushSettings = Pick<
  Config['push'],
  'pollMs' | 'leaseMs' | 'maxAttempts' | 'backoffMs' | 'timeoutMs' | 'endpointHosts'
>;

type Ctx = {
  db: DB;
  vapid: VapidKeys;
  settings: PushSettings;
  log: FastifyBaseLogger;
  outbound: Outbound;
  /** Each attempt's outcome, for the metrics. */
  countOutcome?: CountOutcome;
  owner: string;
};

/** How long a push service keeps a message for an offline browser. */
const TTL_SECONDS = 24 * 3600;

class Retry extends Error {}

/**
 * Sends one queued push: encrypts it for the subscription (RFC 8291, aes128gcm) and signs the
 * VAPID JWT with `web-push`, then POSTs it through the outbound guard (kernel/outbound.ts): a
 * customer chose this URL, so it must be https on a public address, and no redirect is followed.
 * 2xx: done. 404/410: the subscription is gone, deleted with its queued pushes. Anything else
 * (429, 5xx, a timeout, a refused connection): retried with back-off, then given up.
 */
async function runJob(ctx: Ctx, job: PushJob): Promise<void> {
  const sub = await findSubscription(ctx.db, job.subscription_id);
  if (!sub) return finishPush(ctx.db, job.id, ctx.owner);
  // Saved before the hosts were limited, or the setting narrowed since: never sent there.
  if (!pushEndpointAllowed(sub.endpoint, ctx.settings.endpointHosts, ctx.outbound.allowPrivate)) {
    ctx.log.warn({ subscriptionId: sub.id }, 'push endpoint not on a push service: deleted');
    return deleteSubscription(ctx.db, sub.id);
  }
  // Loaded with the first push this process sends.
  const { default: webPush } = await import('web-push');
  const details = webPush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    job.payload,
    {
      vapidDetails: ctx.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  let status: number;
  try {
    const res = await ctx.outbound.request(details.endpoint, {
      method: details.method,
      headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
      body: new Uint8Array(details.body as Buffer),
      timeoutMs: ctx.settings.timeoutMs,
      maxBytes: 64 << 10,
    });
    status = res.status;
  } catch (err) {
    if (err instanceof OutboundError && err.kind === 'refused') {
      // An address the guard refuses stays refused: the subscription goes, with its queued pushes.
      ctx.log.warn({ subscriptionId: sub.id, reason: err.message }, 'push endpoint refused: deleted');
      return deleteSubscription(ctx.db, sub.id);
    }
    throw new Retry(err instanceof Error ? err.message : String(err));
  }
  if (status >= 200 && status < 300) {
    ctx.countOutcome?.('delivered');
    return finishPush(ctx.db, job.id, ctx.owner);
  }
  if (status === 404 || status === 410) {
    ctx.countOutcome?.('gone');
    ctx.log.info({ subscriptionId: sub.id, status }, 'push subscription expired: deleted');
    return deleteSubscription(ctx.db, sub.id);
  }
  throw new Retry(`push service answered ${status}`);
}

export function createPushWorker(opts: Omit<Ctx, 'owner'>, autoRun: boolean) {
  const ctx: Ctx = { ...opts, owner: randomBytes(8).toString('hex') };
  const s = ctx.settings;
  return createLeaseLoop<PushJob>({
    pollMs: s.pollMs,
    autoRun,
    // A slow or dead push service holds one send until its timeout: several go at once, and one
    // customer's subscriptions never take more than their share, so nobody waits behind them.
    ...perCustomerSends,
    claim: (passStart, fullOwners) =>
      claimPush(ctx.db, ctx.owner, leaseWindow(passStart, s.leaseMs), fullOwners.map(Number)),
    run: (job) => runJob(asJobOf(ctx, job.req_id), job),
    isLeaseLost: () => false,
    failed: async (job, err) => {
      const { log } = asJobOf(ctx, job.req_id);
      const attempts = job.attempts + 1;
      ctx.countOutcome?.('failed');
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof Retry)) log.error({ err, pushId: job.id }, 'push job failed');
      if (attempts >= s.maxAttempts) {
        log.warn({ pushId: job.id, attempts, message }, 'push given up');
        await finishPush(ctx.db, job.id, ctx.owner).catch(() => {});
        return;
      }
      const delay = Math.min(15 * 60_000, s.backoffMs * 2 ** (attempts - 1));
      await settlePush(ctx.db, job.id, ctx.owner, {
        attempts,
        last_error: message.slice(0, 500),
        next_attempt_at: isoAt(Date.now() + delay),
      }).catch(() => {});
    },
    logPassError: (err) => ctx.log.error({ err }, 'push worker pass failed'),
  });
}

export type PushWorker = ReturnType<typeof createPushWorker>;
