import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { createLeaseLoop, leaseWindow, perCustomerSends } from '../../kernel/lease-worker';
import { asJobOf } from '../../kernel/request-context';
import { type Outbound, OutboundError } from '../../kernel/outbound';
import type { Sealer } from '../../kernel/sealing';
import type { CountOutcome } from '../../kernel/delivery-outcome';
import { isoAt, now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import { backoffStep, jittered, retryWindowMs } from './backoff';
import { hookMsg } from './messages-ar';
import type { WebhookEventType } from './outbox-statements';
import {
  claimDelivery,
  clearFailing,
  type DeliveryJob,
  disableEndpoint,
  endpointForSend,
  markFailing,
  pruneDeliveries,
  settleDelivery,
} from './repository';
import { signatureHeader } from './signature';

export type WebhookSettings = {
  pollMs: number;
  leaseMs: number;
  /** The first retry's wait (5 s); the whole schedule scales with it (backoff.ts). */
  backoffMs: number;
  timeoutMs: number;
};

/**
 * What the webhooks module cannot know without importing the modules that queue its events (they
 * import it): the event's `data` from the row it names, and the owner's notice. The app hands
 * them in (app-webhooks.ts).
 */
export type WebhookHooks = {
  render(type: WebhookEventType, subject: unknown): Record<string, unknown>;
  notify(trx: DB, userId: number, title: string, message: string): Promise<unknown>;
};

type Ctx = {
  db: DB;
  sealer: Sealer;
  outbound: Outbound;
  settings: WebhookSettings;
  hooks: WebhookHooks;
  log: FastifyBaseLogger;
  /** Each attempt's outcome, for the metrics. */
  countOutcome?: CountOutcome;
  owner: string;
};

/** A receiver's answer is read up to this much: only its status counts. */
const REPLY_BYTES = 64 << 10;
/** Settled deliveries are listed this long, then deleted. */
const KEPT_MS = 30 * 24 * 3600_000;

class LeaseLost extends Error {}

/** What a delivery's `last_error` says when no answer came. */
const sendFailures: Record<OutboundError['kind'], string> = {
  refused: 'refused: the store does not send to this address (https on a public address only)',
  unreachable: 'unreachable: the name did not resolve or the connection was refused',
  timeout: 'timeout: no answer within 10 seconds',
  failed: 'failed: the connection broke before an answer',
  'too-large': 'failed: the answer was too large',
};

type Outcome = { status: number | null; error: string | null };

/** The JSON body of one event: the same bytes are signed and sent. */
export function eventBody(ctx: Pick<Ctx, 'hooks'>, job: DeliveryJob): string {
  const subject = JSON.parse(job.subject) as { livemode?: boolean };
  return JSON.stringify({
    type: job.type,
    timestamp: job.created_at,
    // Test orders' rows say `livemode: false` (test-orders/order-row.ts); every live row is live.
    livemode: subject.livemode !== false,
    data: ctx.hooks.render(job.type, subject),
  });
}

/**
 * One attempt (Standard Webhooks 1.0): POSTs the event to the endpoint through the outbound
 * guard (https on a public address unless OUTBOUND_ALLOW_PRIVATE, no redirects, 10 s, the reply
 * read up to 64 KB), signed with the secret, and with the previous one during a rotation's
 * overlap, then records the outcome.
 */
async function runJob(ctx: Ctx, job: DeliveryJob): Promise<void> {
  const endpoint = await endpointForSend(ctx.db, job.endpoint_id);
  // Deleted (its deliveries went with it) or turned off meanwhile: left for a retry to pick up.
  if (!endpoint || endpoint.disabled_at) {
    await settleDelivery(ctx.db, job.id, ctx.owner, {});
    return;
  }
  const body = eventBody(ctx, job);
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = [ctx.sealer.open(endpoint.secret_enc)];
  if (endpoint.previous_secret_enc && endpoint.previous_secret_until && endpoint.previous_secret_until > now())
    secrets.push(ctx.sealer.open(endpoint.previous_secret_enc));
  let outcome: Outcome;
  try {
    const reply = await ctx.outbound.request(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Raseed-Webhooks/1.0',
        'webhook-id': job.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, job.event_id, timestamp, body),
      },
      body,
      timeoutMs: ctx.settings.timeoutMs,
      maxBytes: REPLY_BYTES,
      cutOff: true,
    });
    outcome = {
      status: reply.status,
      error: reply.status >= 200 && reply.status < 300 ? null : `HTTP ${reply.status}`,
    };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    // The customer sees what kind of failure, never an address the store resolved (the log has it).
    ctx.log.info(
      { delivery: job.id, endpoint: endpoint.id, kind: err.kind, reason: err.message },
      'webhook not delivered',
    );
    outcome = { status: null, error: sendFailures[err.kind] };
  }
  await record(ctx, job, endpoint, outcome);
}

/**
 * 2xx: delivered, and the endpoint is no longer failing. 410: the receiver says it is gone, the
 * endpoint is turned off at once. Anything else: tried again on the back-off schedule for 24 h
 * from the event, then given up and the endpoint turned off; either way its owner is told.
 */
async function record(
  ctx: Ctx,
  job: DeliveryJob,
  endpoint: { id: number; user_id: number; url: string },
  outcome: Outcome,
): Promise<void> {
  const t = Date.now();
  const attempts = job.attempts + 1;
  ctx.countOutcome?.(outcome.error === null ? 'delivered' : outcome.status === 410 ? 'gone' : 'failed');
  const base = { attempts, last_status: outcome.status, last_error: outcome.error };
  await work(ctx.db, async (trx) => {
    const settle = async (set: Parameters<typeof settleDelivery>[3]) => {
      if (!(await settleDelivery(trx, job.id, ctx.owner, { ...base, ...set }))) throw new LeaseLost();
    };
    if (outcome.error === null) {
      await settle({ state: 'delivered', delivered_at: isoAt(t), next_attempt_at: null });
      await clearFailing(trx, endpoint.id);
      return;
    }
    const gone = outcome.status === 410;
    const next = t + jittered(backoffStep(ctx.settings.backoffMs, attempts));
    const givenUp =
      gone || job.manual === 1 || next > Date.parse(job.created_at) + retryWindowMs(ctx.settings.backoffMs);
    await settle(givenUp ? { state: 'failed', next_attempt_at: null } : { next_attempt_at: isoAt(next) });
    await markFailing(trx, endpoint.id, isoAt(t));
    // A retry the customer asked for fails alone: the endpoint stays as it was.
    if (!gone && job.manual === 1) return;
    if (!givenUp) return;
    const reason = gone ? 'gone' : 'failing';
    if (await disableEndpoint(trx, endpoint.id, reason, isoAt(t))) {
      ctx.log.warn({ endpoint: endpoint.id, reason }, 'webhook endpoint disabled');
      const message = gone ? hookMsg.disabledGone(endpoint.url) : hookMsg.disabledFailing(endpoint.url);
      await ctx.hooks.notify(trx, endpoint.user_id, hookMsg.disabledTitle, message);
    }
  });
}

/**
 * The webhook sender, on the jobs kit (kernel/lease-worker.ts) like the push sender: claims due
 * deliveries with a lease, several at once but a few per customer, so one slow receiver never
 * holds the others. Several instances may run one each against one database; a delivery whose
 * lease ran out (a crash mid-send) is sent again: at least once, the receiver dedupes on
 * `webhook-id`. With `autoRun` off only `runDue` runs it (tests).
 */
export function createWebhookWorker(opts: Omit<Ctx, 'owner'>, autoRun: boolean) {
  const ctx: Ctx = { ...opts, owner: randomBytes(8).toString('hex') };
  const s = ctx.settings;
  const loop = createLeaseLoop<DeliveryJob>({
    pollMs: s.pollMs,
    autoRun,
    ...perCustomerSends,
    claim: (passStart, fullOwners) =>
      claimDelivery(ctx.db, ctx.owner, leaseWindow(passStart, s.leaseMs), fullOwners.map(Number)),
    run: (job) => runJob(asJobOf(ctx, job.req_id), job),
    isLeaseLost: (err) => err instanceof LeaseLost,
    // A bug or a database hiccup, not the receiver: the delivery waits its back-off and is tried again.
    failed: async (job, err) => {
      asJobOf(ctx, job.req_id).log.error({ err, delivery: job.id }, 'webhook job failed');
      ctx.countOutcome?.('failed');
      const attempts = job.attempts + 1;
      const next = Date.now() + backoffStep(s.backoffMs, attempts);
      const givenUp = job.manual === 1 || next > Date.parse(job.created_at) + retryWindowMs(s.backoffMs);
      await settleDelivery(ctx.db, job.id, ctx.owner, {
        attempts,
        last_status: null,
        last_error: 'the store could not send this event',
        ...(givenUp ? { state: 'failed' as const, next_attempt_at: null } : { next_attempt_at: isoAt(next) }),
      }).catch(() => {});
    },
    logPassError: (err) => ctx.log.error({ err }, 'webhook worker pass failed'),
  });
  const prune = () =>
    pruneDeliveries(ctx.db, isoAt(Date.now() - KEPT_MS)).catch((err: unknown) =>
      ctx.log.warn({ err }, 'webhook deliveries not pruned'),
    );
  let pruneTimer: NodeJS.Timeout | undefined;
  return {
    ...loop,
    start(): void {
      loop.start();
      if (autoRun) pruneTimer = setInterval(() => void prune(), 3600_000).unref();
    },
    async stop(): Promise<void> {
      clearInterval(pruneTimer);
      await loop.stop();
    },
    /** Deletes settled deliveries older than 30 days (hourly while the worker runs). */
    prune,
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
