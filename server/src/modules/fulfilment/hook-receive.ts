import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import type { Sealer } from '../../kernel/sealing';
import { now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import { deliveryMsg } from './messages-ar';
import { mirrorOutcome } from './mirror';
import { finishForward, findForwardByUpstream } from './outbox-repository';
import { type HookHeaders, hookSignedBy } from './suppliers/hook-signature';
import type { SupplierPool } from './suppliers/registry';
import { findSupplierRow, forgetHookEvents, recordHookEvent } from './suppliers/repository';

/** Longer than a sender retries one event (24 h): an id is remembered while it can come again. */
const REMEMBER_MS = 48 * 3600_000;

export type HookOutcome = 'mirrored' | 'duplicate' | 'ignored';

/**
 * A supplier's webhook delivery, checked and applied: signed with the secret it gave us for this
 * supplier (else a 401, nothing read), seen once per `webhook-id` (a retry or a replay changes
 * nothing), and an outcome for one of our forwarded orders made ours in one transaction with the
 * forward closed. An event about an order we do not know, or one still pending, is acknowledged
 * and left alone: polling covers a webhook that beat our own record of the upstream order.
 */
export async function receiveSupplierHook(
  deps: { db: DB; sealer: Sealer; suppliers: SupplierPool },
  supplierId: number,
  headers: HookHeaders,
  rawBody: string,
): Promise<HookOutcome> {
  const row = await findSupplierRow(deps.db, supplierId);
  // An unknown supplier and a bad signature look alike: the route tells nothing of our suppliers.
  const secret = row?.hook_secret_enc ? deps.sealer.open(row.hook_secret_enc) : null;
  if (!row || !secret || !hookSignedBy(secret, headers, rawBody, Math.floor(Date.now() / 1000)))
    throw new AppError('unauthorized', deliveryMsg.hookUnsigned);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError('bad_request', deliveryMsg.hookUnreadable);
  }
  const up = deps.suppliers.get(row).readEvent(body);
  return work(deps.db, async (trx) => {
    const t = now();
    if (!(await recordHookEvent(trx, row.id, headers.id, t))) return 'duplicate';
    await forgetHookEvents(trx, new Date(Date.now() - REMEMBER_MS).toISOString());
    if (!up || up.state === 'pending') return 'ignored';
    const forward = await findForwardByUpstream(trx, row.id, up.id);
    if (!forward) return 'ignored';
    await mirrorOutcome(trx, deps.sealer, forward.order_id, up);
    await finishForward(trx, forward.id, t);
    return 'mirrored';
  });
}
