import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { findUpstreamProduct } from './outbox-repository';
import { createLeaseLoop, leaseWindow } from '../../kernel/lease-worker';
import { asJobOf } from '../../kernel/request-context';
import { isoAt, now } from '../../kernel/time';
import { findOrder } from '../orders';
import { findSupplierRow } from './suppliers/repository';
import { createHookKeeper, type HookKeeper } from './suppliers/hook';
import type { SupplierPool } from './suppliers/registry';
import { SupplierError, type UpstreamOrder } from './suppliers/supplier';
import { deliveryMsg } from './messages-ar';
import { mirrorOutcome } from './mirror';
import { claimDue, type OutboxRow, settle } from './outbox-repository';

export type ForwardSettings = {
  /** How often an idle worker looks for due rows. */
  pollMs: number;
  /** How long a claimed row is ours; a crashed worker's rows are due again after it. */
  leaseMs: number;
  /** Upstream failures in a row before the order needs the operator. */
  maxAttempts: number;
  /** First retry delay; doubled each attempt, up to `maxDelayMs`. */
  backoffMs: number;
  maxDelayMs: number;
};

export type ForwardContext = {
  db: DB;
  sealer: Sealer;
  suppliers: SupplierPool;
  settings: ForwardSettings;
  log: FastifyBaseLogger;
  /** The store's public address: suppliers that can are told to call us back there (suppliers/hook.ts). */
  publicUrl: string | undefined;
  owner: string;
  ensureHook: HookKeeper;
};

/**
 * The key of an outbox row made before keys were stored with the order (`idempotency_key` null):
 * an HMAC of the order id, the same at every attempt because the MAC key never rotates.
 */
export function legacyForwardKey(sealer: Sealer, orderId: number): string {
  return `rsd-${sealer.mac(`forward:${orderId}`).slice(0, 40)}`;
}

function retryDelay(s: ForwardSettings, attempts: number): number {
  return Math.min(s.maxDelayMs, s.backoffMs * 2 ** Math.max(0, attempts - 1));
}

/** Upstream still working on it: poll often at first, then less, never slower than a minute. */
function pollDelay(s: ForwardSettings, job: OutboxRow): number {
  const age = Date.now() - Date.parse(job.created_at);
  return Math.min(60_000, Math.max(s.backoffMs, Math.floor(age / 10)));
}

/** Runs one leased row: sends the order upstream or asks how it stands, then records the outcome. */
async function runJob(ctx: ForwardContext, job: OutboxRow): Promise<void> {
  const { db, settings } = ctx;
  const order = await findOrder(db, job.order_id);
  if (!order || (order.status !== 'pending' && order.status !== 'wait')) {
    // Decided meanwhile (an operator after "needs attention"): nothing left to forward.
    await settle(db, job.id, ctx.owner, { state: 'done', updated_at: now() });
    return;
  }
  const supplierRow = await findSupplierRow(db, job.supplier_id);
  try {
    if (!supplierRow) throw new SupplierError(false, deliveryMsg.supplierNotFound);
    const supplier = ctx.suppliers.get(supplierRow);
    let up: UpstreamOrder;
    if (job.state === 'send') {
      const product = await findUpstreamProduct(db, order.product_id);
      if (!product?.supplier_product_id) throw new SupplierError(false, deliveryMsg.supplierProductRequired);
      await ctx.ensureHook(supplierRow, supplier);
      up = await supplier.placeOrder({
        productId: product.supplier_product_id,
        quantity: order.quantity,
        playerId: order.data,
        playerName: order.data2,
        note: order.note,
        idempotencyKey: job.idempotency_key ?? legacyForwardKey(ctx.sealer, order.id),
        resume: job.attempts > 0,
      });
    } else {
      up = await supplier.getOrder(job.upstream_order_id!);
    }
    await record(ctx, job, up);
  } catch (err) {
    if (!(err instanceof SupplierError)) throw err;
    const attempts = job.attempts + 1;
    const t = now();
    const giveUp = !err.retry || attempts >= settings.maxAttempts;
    const lastError = err.retry && giveUp ? deliveryMsg.upstream.gaveUp(attempts, err.message) : err.message;
    ctx.log.warn({ orderId: job.order_id, attempts, retry: err.retry }, `forward failed: ${err.message}`);
    await settle(db, job.id, ctx.owner, {
      state: giveUp ? 'attention' : job.state,
      attempts,
      last_error: lastError,
      next_attempt_at: giveUp ? t : isoAt(Date.now() + retryDelay(settings, attempts)),
      updated_at: t,
    });
  }
}

/** The upstream order's state, written with our order's change in one transaction. */
async function record(ctx: ForwardContext, job: OutboxRow, up: UpstreamOrder): Promise<void> {
  const t = now();
  await work(ctx.db, async (trx) => {
    const finished = up.state !== 'pending';
    if (finished) await mirrorOutcome(trx, ctx.sealer, job.order_id, up);
    const kept = await settle(trx, job.id, ctx.owner, {
      state: finished ? 'done' : 'follow',
      upstream_order_id: up.id,
      attempts: 0,
      last_error: null,
      next_attempt_at: isoAt(Date.now() + pollDelay(ctx.settings, job)),
      updated_at: t,
    });
    // Our lease ran out and another worker owns the row now: let it record, undo ours.
    if (!kept) throw new LeaseLost();
  });
}

class LeaseLost extends Error {}

/**
 * The in-process worker (`autoRun` off: only `runDue` runs it, as tests do): claims due outbox rows one at a time and
 * runs them. Several instances
 * may run one each against the same database; leases keep them off each other's rows.
 */
export function createForwardWorker(opts: Omit<ForwardContext, 'owner' | 'ensureHook'>, autoRun: boolean) {
  const ctx: ForwardContext = {
    ...opts,
    owner: randomBytes(8).toString('hex'),
    ensureHook: createHookKeeper({ db: opts.db, sealer: opts.sealer, publicUrl: opts.publicUrl, log: opts.log }),
  };
  return createLeaseLoop<OutboxRow>({
    pollMs: ctx.settings.pollMs,
    autoRun,
    claim: (passStart) => claimDue(ctx.db, ctx.owner, leaseWindow(passStart, ctx.settings.leaseMs)),
    run: (job) => runJob(asJobOf(ctx, job.req_id), job),
    isLeaseLost: (err) => err instanceof LeaseLost,
    // A bug or a database hiccup: keep the row for later rather than stop the worker.
    failed: async (job, err) => {
      asJobOf(ctx, job.req_id).log.error({ err, orderId: job.order_id }, 'forward job failed');
      await settle(ctx.db, job.id, ctx.owner, {
        next_attempt_at: isoAt(Date.now() + ctx.settings.backoffMs),
        updated_at: now(),
      }).catch(() => {});
    },
    logPassError: (err) => ctx.log.error({ err }, 'forward worker pass failed'),
  });
}

export type ForwardWorker = ReturnType<typeof createForwardWorker>;
