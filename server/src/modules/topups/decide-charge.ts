import { formatMicros } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { notify } from '../notifications';
import { credit } from '../wallet';
import { topupMsg } from './messages';
import { audit } from '../audit';
import { decidePendingCharge, findChargeRow } from './repository';

/** Longest rejection reason kept; it is shown to the customer in a notification. */
export const REASON_MAX_LENGTH = 500;

export type ChargeDecision = { chargeId: number; userId: number; amount: number };

async function refuseDecided(trx: DB, chargeId: number): Promise<never> {
  const exists = await findChargeRow(trx, chargeId);
  throw exists ? new AppError('conflict', topupMsg.alreadyDecided) : new AppError('not_found', topupMsg.chargeNotFound);
}

/**
 * Approves a pending top-up: the balance is credited by the transferred amount (the operator
 * may correct what the customer typed) and the customer is told. Call inside a transaction:
 * status, ledger row, notification and audit entry commit together. Of two racing approvals
 * one wins; the other gets 409 and credits nothing.
 */
export async function approveCharge(
  trx: DB,
  input: { chargeId: number; operatorId: number; amount?: number | undefined; reason?: string | null | undefined },
): Promise<ChargeDecision & { balance: number }> {
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) {
    throw AppError.fields({ amount: [topupMsg.amountRequired] });
  }
  const before = await findChargeRow(trx, input.chargeId);
  if (!before) throw new AppError('not_found', topupMsg.chargeNotFound);
  // A corrected amount says why: the customer reads it beside the request and in the notification.
  const corrected = input.amount !== undefined && input.amount !== before.amount;
  const reason = corrected ? (input.reason ?? '').trim().slice(0, REASON_MAX_LENGTH) : '';
  if (corrected && !reason) throw AppError.fields({ reason: [topupMsg.correctionReasonRequired] });
  const row = await decidePendingCharge(trx, input.chargeId, {
    status: 'success',
    amount: input.amount,
    ...(corrected ? { reason } : {}),
    decidedBy: input.operatorId,
  });
  if (!row) return refuseDecided(trx, input.chargeId);

  const bank = before.bank_name ?? '';
  const balance = await credit(trx, row.user_id, row.amount, topupMsg.ledgerInfo(row.id, bank), {
    type: 'charge',
    id: row.id,
  });
  await notify(
    trx,
    row.user_id,
    topupMsg.approvedTitle,
    corrected
      ? topupMsg.approvedCorrectedBody(row.id, formatMicros(row.amount), reason)
      : topupMsg.approvedBody(row.id, formatMicros(row.amount)),
    null,
    '/balances',
  );
  await audit(
    trx,
    input.operatorId,
    'charge.approve',
    'charge',
    row.id,
    { status: 'pending', amount: before.amount },
    corrected ? { status: 'success', amount: row.amount, reason } : { status: 'success', amount: row.amount },
  );
  return { chargeId: row.id, userId: row.user_id, amount: row.amount, balance };
}

/** Rejects a pending top-up with a reason the customer reads; no money moves. */
export async function rejectCharge(
  trx: DB,
  input: { chargeId: number; operatorId: number; reason: string },
): Promise<ChargeDecision> {
  const reason = input.reason.trim().slice(0, REASON_MAX_LENGTH);
  if (!reason) throw AppError.fields({ reason: [topupMsg.reasonRequired] });
  const row = await decidePendingCharge(trx, input.chargeId, { status: 'cancel', reason, decidedBy: input.operatorId });
  if (!row) return refuseDecided(trx, input.chargeId);

  await notify(trx, row.user_id, topupMsg.rejectedTitle, topupMsg.rejectedBody(row.id, reason), null, '/charges');
  await audit(
    trx,
    input.operatorId,
    'charge.reject',
    'charge',
    row.id,
    { status: 'pending' },
    { status: 'cancel', reason },
  );
  return { chargeId: row.id, userId: row.user_id, amount: row.amount };
}
