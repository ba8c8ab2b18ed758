import { work } from '../../kernel/unit-of-work';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, NumberActivationsTable } from '../../db/database';
import type { Updateable } from 'kysely';
import { isoAt, now } from '../../kernel/time';
import { notify } from '../notifications';
import { queueWebhookEvent } from '../webhooks';
import { findProviderById } from './catalog-repository';
import { codesOf } from './dto';
import { numbersMsg, numbersNotice } from './messages-ar';
import { type NumbersSupplier, NumbersError } from './numbers-supplier';
import type { NumbersPool } from './pool';
import { refundOnce } from './refund';
import { type ActivationRow, activationStatus, knownUpstreamIds, serviceCodes, settle, transition } from './repository';

export type NumbersSettings = {
  pollMs: number;
  leaseMs: number;
  /** Provider failures in a row before the purchase gives up (refund, or the operator for cancel). */
  maxAttempts: number;
  /** First status poll / retry delay; later ones grow with the number's age. */
  backoffMs: number;
  maxDelayMs: number;
  /** How old the provider's price list may get before the worker reads it again. */
  syncMs: number;
};

export type StepContext = {
  db: DB;
  pool: NumbersPool;
  settings: NumbersSettings;
  log: FastifyBaseLogger;
  owner: string;
};

export class LeaseLost extends Error {}

/** Poll often while the code is likely to come, then less: a tenth of the age, within bounds. */
function pollDelay(s: NumbersSettings, row: ActivationRow): number {
  const age = Date.now() - Date.parse(row.requested_at ?? row.created_at);
  return Math.min(s.maxDelayMs, Math.max(s.backoffMs, Math.floor(age / 10)));
}

function retryDelay(s: NumbersSettings, attempts: number): number {
  return Math.min(s.maxDelayMs, s.backoffMs * 2 ** Math.max(0, attempts - 1));
}

/** Writes as the lease holder inside `trx`; a lost lease rolls the whole transaction back. */
async function keep(trx: DB, ctx: StepContext, row: ActivationRow, set: Updateable<NumberActivationsTable>) {
  const kept = await settle(trx, row.id, ctx.owner, { ...set, updated_at: now() });
  if (!kept) throw new LeaseLost();
  return kept;
}

/** Runs what the purchase's step owes the provider, and records the outcome. */
export async function runStep(ctx: StepContext, row: ActivationRow): Promise<void> {
  const provider = await findProviderById(ctx.db, row.provider_id);
  if (!provider) throw new NumbersError('refused', numbersMsg.providerMissing);
  const up = ctx.pool.get(provider);
  try {
    if (row.step === 'get') await getNumber(ctx, up, row, provider.window_minutes);
    else if (row.step === 'poll') await poll(ctx, up, row);
    else if (row.step === 'resend') {
      await up.requestAnother(row.upstream_id!);
      await work(ctx.db, (trx) =>
        keep(trx, ctx, row, {
          step: 'poll',
          attempts: 0,
          last_error: null,
          next_at: isoAt(Date.now() + ctx.settings.backoffMs),
        }),
      );
    } else if (row.step === 'cancel') await giveBack(ctx, up, row);
    else if (row.step === 'finish') {
      await up.finish(row.upstream_id!);
      await work(ctx.db, (trx) => keep(trx, ctx, row, { step: 'done', attempts: 0, last_error: null }));
    }
  } catch (err) {
    if (!(err instanceof NumbersError)) throw err;
    await failed(ctx, row, err);
  }
}

/**
 * The attempt is recorded (committed) before the provider is asked. If a lease is taken on a row
 * that already has one and no number, the earlier answer was lost (crash, timeout): we never ask
 * a second time — the orphan, if the provider made one, is cancelled and the money refunded.
 */
async function getNumber(ctx: StepContext, up: NumbersSupplier, row: ActivationRow, windowMinutes: number) {
  if (row.requested_at) {
    await sweepOrphans(ctx, up, row);
    await lostAnswer(ctx, row);
    return;
  }
  const marked = await settle(ctx.db, row.id, ctx.owner, { requested_at: now() }, false);
  if (!marked) throw new LeaseLost();
  const service = await serviceCodes(ctx.db, row.service_id);
  let grant: Awaited<ReturnType<NumbersSupplier['getNumber']>>;
  try {
    grant = await up.getNumber(service.service, service.country);
  } catch (err) {
    // The provider answered with an error: no number was made, the next attempt may ask again.
    if (err instanceof NumbersError && err.kind !== 'unknown')
      await settle(ctx.db, row.id, ctx.owner, { requested_at: null }, false);
    throw err;
  }
  const t = Date.now();
  await work(ctx.db, async (trx) => {
    // A customer who cancelled while we waited was refunded already: the number goes straight back.
    const current = { status: await activationStatus(trx, row.id) };
    const kept = await keep(trx, ctx, row, {
      upstream_id: grant.id,
      phone: grant.phone,
      step: current.status === 'waiting' ? 'poll' : 'cancel',
      expires_at: isoAt(t + windowMinutes * 60_000),
      attempts: 0,
      last_error: null,
      next_at: isoAt(t + ctx.settings.backoffMs),
    });
    // The number the customer waits for: a reseller's system hears of it with the commit.
    if (current.status === 'waiting')
      await queueWebhookEvent(trx, { userId: kept.user_id, type: 'number.updated', subject: kept });
  });
  await up.setReady(grant.id).catch((err) => ctx.log.warn({ err, id: row.id }, 'numbers: setReady failed'));
}

async function lostAnswer(ctx: StepContext, row: ActivationRow) {
  await work(ctx.db, async (trx) => {
    const done = await refundOnce(trx, row, 'refunded', {
      from: ['waiting'],
      noCode: true,
      notice: 'failed',
      lastError: numbersMsg.upstream.lostAnswer,
      step: 'done',
    });
    await keep(trx, ctx, row, done ? { step: 'done' } : { step: 'done', last_error: numbersMsg.upstream.lostAnswer });
  });
}

/** Numbers the provider holds for us that no purchase knows: left by a lost getNumber answer. */
async function sweepOrphans(ctx: StepContext, up: NumbersSupplier, row: ActivationRow) {
  const open = await up.activeIds().catch(() => [] as string[]);
  const known = await knownUpstreamIds(ctx.db, row.provider_id, open);
  for (const id of open) {
    if (known.has(id)) continue;
    ctx.log.warn({ purchase: row.id, upstream: id }, 'numbers: cancelling an orphan number');
    await up.cancel(id).catch((err) => ctx.log.warn({ err, upstream: id }, 'numbers: orphan cancel failed'));
  }
}

async function poll(ctx: StepContext, up: NumbersSupplier, row: ActivationRow) {
  const state = await up.getStatus(row.upstream_id!);
  const t = Date.now();
  const expired = row.expires_at !== null && Date.parse(row.expires_at) <= t;
  await work(ctx.db, async (trx) => {
    const next = isoAt(t + pollDelay(ctx.settings, row));
    if (state.kind === 'code') {
      const codes = codesOf(row);
      if (codes[codes.length - 1] !== state.code) {
        const updated = JSON.stringify([...codes, state.code].slice(-20));
        // A cancel or refund that won the race keeps the purchase cancelled: the code is not sold.
        const got = await transition(trx, row.id, ['waiting', 'received'], {
          status: 'received',
          codes: updated,
          updated_at: now(),
        });
        if (got) {
          const n = numbersNotice.code(row.id, row.name, state.code);
          await notify(trx, row.user_id, n.title, n.msg);
          await queueWebhookEvent(trx, { userId: got.user_id, type: 'number.updated', subject: got });
        }
      }
    }
    const status = await activationStatus(trx, row.id);
    if (state.kind === 'cancelled') {
      // The provider closed it: without a code the money comes back.
      await refundOnce(trx, row, 'refunded', { from: ['waiting'], noCode: true, notice: 'refunded', step: 'done' });
      await keep(trx, ctx, row, { step: 'done', attempts: 0, last_error: null });
      return;
    }
    if (status !== 'received' && status !== 'waiting')
      return void (await keep(trx, ctx, row, { step: 'cancel', next_at: now() }));
    if (!expired) return void (await keep(trx, ctx, row, { attempts: 0, last_error: null, next_at: next }));
    await closeWindow(trx, ctx, row, status, { attempts: 0, last_error: null });
  });
}

/** The window is over: with a code the activation is finished, without one it is refunded once. */
async function closeWindow(
  trx: DB,
  ctx: StepContext,
  row: ActivationRow,
  status: string,
  set: Updateable<NumberActivationsTable>,
) {
  if (status === 'received') return void (await keep(trx, ctx, row, { ...set, step: 'finish', next_at: now() }));
  await refundOnce(trx, row, 'refunded', { from: ['waiting'], noCode: true, notice: 'refunded' });
  await keep(trx, ctx, row, { ...set, step: 'cancel', next_at: now() });
}

async function giveBack(ctx: StepContext, up: NumbersSupplier, row: ActivationRow) {
  if (row.upstream_id) await up.cancel(row.upstream_id);
  // Cancelled before the provider answered getNumber with a number: a lost answer may have left one.
  else if (row.requested_at) await sweepOrphans(ctx, up, row);
  await work(ctx.db, (trx) => keep(trx, ctx, row, { step: 'done', attempts: 0, last_error: null }));
}

/** Provider trouble: retry later, or give up (refund when no number was had, else the operator). */
async function failed(ctx: StepContext, row: ActivationRow, err: NumbersError) {
  const attempts = row.attempts + 1;
  const giveUp = err.kind === 'refused' || attempts >= ctx.settings.maxAttempts;
  const lastError = err.kind !== 'refused' && giveUp ? numbersMsg.upstream.gaveUp(attempts, err.message) : err.message;
  ctx.log.warn({ purchase: row.id, step: row.step, attempts, kind: err.kind }, `numbers: ${err.message}`);
  await work(ctx.db, async (trx) => {
    if (giveUp && row.step === 'get' && err.kind !== 'unknown') {
      await refundOnce(trx, row, 'refunded', {
        from: ['waiting'],
        noCode: true,
        notice: 'failed',
        lastError,
        step: 'done',
      });
      await keep(trx, ctx, row, { step: 'done', attempts, last_error: lastError });
      return;
    }
    // The provider cannot be asked, but the window still ends on time: the refund does not wait.
    if (row.step === 'poll' && row.expires_at !== null && Date.parse(row.expires_at) <= Date.now()) {
      const status = await activationStatus(trx, row.id);
      return closeWindow(trx, ctx, row, status, { attempts: 0, last_error: lastError });
    }
    // An unknown getNumber outcome is resolved on the next claim (requested_at is kept).
    const stop = giveUp && row.step !== 'get' && row.step !== 'poll';
    await keep(trx, ctx, row, {
      attempts,
      last_error: lastError,
      ...(stop ? { step: 'done' as const } : {}),
      next_at: isoAt(Date.now() + (err.kind === 'unknown' ? 0 : retryDelay(ctx.settings, attempts))),
    });
  });
}
