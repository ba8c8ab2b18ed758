import type { ChargeFlag } from '@raseed/contract';
import { formatMicros } from '@raseed/contract';
import type { DB } from '../../db/database';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { customerChargeHistory, type FlaggedCharge, findChargeReceipt, firstChargeWithReference } from './repository';

/** A request at least this many times the customer's average approved top-up looks unusual… */
const UNUSUAL_FACTOR = 3;
/** …once there are this many approved ones to call "usual". */
const UNUSUAL_HISTORY = 2;
/** This many requests (counting this one) within BURST_MS is a burst. */
const BURST_COUNT = 3;
const BURST_MS = 60 * 60 * 1000;

async function duplicateFlag(db: DB, c: FlaggedCharge): Promise<ChargeFlag | null> {
  if (c.duplicate_of === null) return null;
  const earlier = await findChargeReceipt(db, c.duplicate_of);
  if (!earlier) return null;
  const same = earlier.img_sha256 !== null && earlier.img_sha256 === c.img_sha256;
  const whose = earlier.user_id === c.user_id ? operatorMsg.flags.sameCustomer : operatorMsg.flags.otherCustomer;
  return same
    ? { code: 'same_receipt', text: operatorMsg.flags.sameReceipt(earlier.id, whose) }
    : { code: 'similar_receipt', text: operatorMsg.flags.similarReceipt(earlier.id, whose) };
}

async function referenceFlag(db: DB, c: FlaggedCharge): Promise<ChargeFlag | null> {
  if (!c.transfer_ref || !c.transfer_ref_key) return null;
  const earlierId = await firstChargeWithReference(db, c.transfer_ref_key, c.id);
  return earlierId !== undefined
    ? { code: 'reference_reused', text: operatorMsg.flags.referenceReused(c.transfer_ref, earlierId) }
    : null;
}

/**
 * Why a top-up deserves a second look, each reason in Arabic. Computed when the queue is read
 * (so a rejection decided a minute ago already counts), from indexed per-customer reads.
 */
export async function chargeFlags(db: DB, c: FlaggedCharge): Promise<ChargeFlag[]> {
  const [duplicate, reference, history] = await Promise.all([
    duplicateFlag(db, c),
    referenceFlag(db, c),
    customerChargeHistory(db, c, new Date(Date.parse(c.created_at) - BURST_MS).toISOString()),
  ]);
  const flags: ChargeFlag[] = [];
  if (duplicate) flags.push(duplicate);
  if (reference) flags.push(reference);
  if (history.approved >= UNUSUAL_HISTORY) {
    const usual = Math.round(history.approvedSum / history.approved);
    if (c.amount >= usual * UNUSUAL_FACTOR)
      flags.push({
        code: 'amount_unusual',
        text: operatorMsg.flags.amountUnusual(formatMicros(c.amount), formatMicros(usual)),
      });
  }
  if (history.recent >= BURST_COUNT) flags.push({ code: 'burst', text: operatorMsg.flags.burst(history.recent) });
  if (history.rejected > 0)
    flags.push({ code: 'rejected_before', text: operatorMsg.flags.rejectedBefore(history.rejected) });
  return flags;
}
