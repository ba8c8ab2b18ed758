import { randomBytes } from 'node:crypto';
import { type Bank, type Charge, formatMicros, moneyToString, readTopupAmount, readTransferRef } from '@raseed/contract';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import type { Storage } from '../lib/storage';
import { topupMsg } from './messages';
import { findEarlierReceipt } from './receipt-duplicates';
import { fingerprintReceipt } from './receipt-fingerprint';
import { type ReceiptImage, readReceiptImage } from './receipt-image';
import { countPendingCharges, findBankRow, insertCharge, listBankRows, listChargeRows } from './repository';
import { receiptLink } from './signed-link';

export async function listBanks(db: DB): Promise<Bank[]> {
  const rows = await listBankRows(db);
  return rows.map((r) => ({ id: r.id, name: r.name, img: r.img, info: r.info, iban: r.iban, holder: r.holder }));
}

export async function listCharges(db: DB, appKey: Buffer, userId: number): Promise<Charge[]> {
  const rows = await listChargeRows(db, userId);
  return rows.map((r) => ({
    id: r.id,
    img: receiptLink(appKey, r.img_key),
    bank: r.bank_name ?? '',
    amount: moneyToString(r.amount),
    status: r.status,
    created_at: r.created_at,
    // Only a rejection's reason is the customer's to read.
    reason: r.status === 'cancel' ? r.reason : null,
  }));
}

export type ChargeRequest = { amount?: string | undefined; bank_id?: number | undefined; img?: Buffer | undefined; transfer_ref?: string | undefined };
export type TopupLimits = { maxAmount: number; maxPending: number };

/** Requests one customer may have waiting for review at once. */
export const MAX_PENDING_CHARGES = 10;

type Checked = { amount: number; bankId: number; image: ReceiptImage; transferRef: string | null };

/** Every rule of a request at once, so the form can show each message beside its field. */
async function check(db: DB, limits: TopupLimits, input: ChargeRequest): Promise<Checked> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, text: string) => {
    errors[field] ??= [];
    errors[field].push(text);
  };

  const amount = readTopupAmount(input.amount);
  if ('error' in amount) add('amount', amount.error === 'required' ? topupMsg.amountRequired : topupMsg.amountInvalid);
  else if (amount.micros > limits.maxAmount) add('amount', topupMsg.amountTooLarge(formatMicros(limits.maxAmount)));

  if (!input.bank_id) add('bank_id', topupMsg.bankRequired);
  else if (!(await findBankRow(db, input.bank_id))) add('bank_id', topupMsg.bankUnknown);

  const ref = readTransferRef(input.transfer_ref);
  if ('error' in ref) add('transfer_ref', topupMsg.referenceInvalid);

  let image: ReceiptImage | null = null;
  if (!input.img?.length) add('img', topupMsg.imageRequired);
  else {
    const read = await readReceiptImage(input.img);
    if ('error' in read) add('img', read.error === 'type' ? topupMsg.imageType : topupMsg.imageUnreadable);
    else image = read;
  }

  if (Object.keys(errors).length || !image || 'error' in amount || 'error' in ref || !input.bank_id) throw AppError.fields(errors);
  return { amount: amount.micros, bankId: input.bank_id, image, transferRef: ref.ref };
}

/**
 * Records a top-up request: the receipt image under a random name outside the web root, then
 * the pending charge with the receipt's fingerprints and the earlier request it repeats (for the
 * operator's fraud flags; a repeat is still accepted, the operator decides). A request refused
 * at any step leaves neither file nor row behind.
 */
export async function requestCharge(
  deps: { db: DB; storage: Storage },
  limits: TopupLimits,
  userId: number,
  input: ChargeRequest,
): Promise<number> {
  const { db, storage } = deps;
  const ok = await check(db, limits, input);
  // A flood guard against filling the disk with receipts, not a money rule: two racing
  // uploads may both pass it.
  if ((await countPendingCharges(db, userId)) >= limits.maxPending) throw new AppError('TOO_MANY', topupMsg.tooManyPending);

  const fingerprint = await fingerprintReceipt(ok.image.body);
  const duplicateOf = await findEarlierReceipt(db, fingerprint);
  const key = `receipts/${randomBytes(16).toString('hex')}.${ok.image.ext}`;
  await storage.put(key, ok.image.body, ok.image.contentType);
  try {
    return await insertCharge(db, { userId, bankId: ok.bankId, amount: ok.amount, imgKey: key, transferRef: ok.transferRef, fingerprint, duplicateOf });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
