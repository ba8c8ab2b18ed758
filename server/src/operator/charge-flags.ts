import type { ChargeFlag } from '@raseed/contract';
import { formatMicros } from '@raseed/contract';
import type { DB } from '../db/database';
import { operatorMsg } from './messages-ar';

/** A request at least this many times the customer's average approved top-up looks unusual… */
const UNUSUAL_FACTOR = 3;
/** …once there are this many approved ones to call "usual". */
const UNUSUAL_HISTORY = 2;
/** This many requests (counting this one) within BURST_MS is a burst. */
const BURST_COUNT = 3;
const BURST_MS = 60 * 60 * 1000;

export type FlaggedCharge = {
  id: number;
  user_id: number;
  amount: number;
  created_at: string;
  duplicate_of: number | null;
  img_sha256: string | null;
  transfer_ref: string | null;
};

async function customerHistory(db: DB, c: FlaggedCharge) {
  const cutoff = new Date(Date.parse(c.created_at) - BURST_MS).toISOString();
  const row = await db
    .selectFrom('charges')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'success'), eb('id', '<', c.id)])).then(1).else(0).end()).as('approved'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'success'), eb('id', '<', c.id)])).then(eb.ref('amount')).else(0).end()).as('approved_sum'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'cancel'), eb('id', '<', c.id)])).then(1).else(0).end()).as('rejected'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('created_at', '>', cutoff), eb('created_at', '<=', c.created_at)])).then(1).else(0).end()).as('recent'),
    ])
    .where('user_id', '=', c.user_id)
    .executeTakeFirstOrThrow();
  return { approved: Number(row.approved ?? 0), approvedSum: Number(row.approved_sum ?? 0), rejected: Number(row.rejected ?? 0), recent: Number(row.recent ?? 0) };
}

async function duplicateFlag(db: DB, c: FlaggedCharge): Promise<ChargeFlag | null> {
  if (c.duplicate_of === null) return null;
  const earlier = await db.selectFrom('charges').select(['id', 'user_id', 'img_sha256']).where('id', '=', c.duplicate_of).executeTakeFirst();
  if (!earlier) return null;
  const same = earlier.img_sha256 !== null && earlier.img_sha256 === c.img_sha256;
  const whose = earlier.user_id === c.user_id ? operatorMsg.flags.sameCustomer : operatorMsg.flags.otherCustomer;
  return same
    ? { code: 'same_receipt', text: operatorMsg.flags.sameReceipt(earlier.id, whose) }
    : { code: 'similar_receipt', text: operatorMsg.flags.similarReceipt(earlier.id, whose) };
}

async function referenceFlag(db: DB, c: FlaggedCharge): Promise<ChargeFlag | null> {
  if (!c.transfer_ref) return null;
  const earlier = await db
    .selectFrom('charges')
    .select('id')
    .where('transfer_ref', '=', c.transfer_ref)
    .where('id', '<', c.id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return earlier ? { code: 'reference_reused', text: operatorMsg.flags.referenceReused(c.transfer_ref, earlier.id) } : null;
}

/**
 * Why a top-up deserves a second look, each reason in Arabic. Computed when the queue is read
 * (so a rejection decided a minute ago already counts), from indexed per-customer reads.
 */
export async function chargeFlags(db: DB, c: FlaggedCharge): Promise<ChargeFlag[]> {
  const [duplicate, reference, history] = await Promise.all([duplicateFlag(db, c), referenceFlag(db, c), customerHistory(db, c)]);
  const flags: ChargeFlag[] = [];
  if (duplicate) flags.push(duplicate);
  if (reference) flags.push(reference);
  if (history.approved >= UNUSUAL_HISTORY) {
    const usual = Math.round(history.approvedSum / history.approved);
    if (c.amount >= usual * UNUSUAL_FACTOR) flags.push({ code: 'amount_unusual', text: operatorMsg.flags.amountUnusual(formatMicros(c.amount), formatMicros(usual)) });
  }
  if (history.recent >= BURST_COUNT) flags.push({ code: 'burst', text: operatorMsg.flags.burst(history.recent) });
  if (history.rejected > 0) flags.push({ code: 'rejected_before', text: operatorMsg.flags.rejectedBefore(history.rejected) });
  return flags;
}
