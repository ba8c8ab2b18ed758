import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import {
  type Bank,
  type Charge,
  formatMicros,
  moneyToString,
  readTopupAmount,
  readTransferRef,
} from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import type { Storage } from '../../kernel/storage';
import { topupMsg } from './messages';
import { findEarlierReceipt } from './receipt-duplicates';
import { imagePool } from '../media';
import type { ReceiptFingerprint } from '../media';
import type { ReceiptImage } from '../media';
import {
  countPendingCharges,
  findBankRow,
  insertCharge,
  listBankRows,
  listChargeRows,
  lockCustomer,
} from './repository';
import { receiptLink } from './signed-link';

export async function listBanks(db: DB): Promise<Bank[]> {
  const rows = await listBankRows(db);
  return rows.map((r) => ({ id: r.id, name: r.name, img: r.img, info: r.info, iban: r.iban, holder: r.holder }));
}

export async function listCharges(db: DB, sealer: Sealer, userId: number): Promise<Charge[]> {
  const rows = await listChargeRows(db, userId);
  return rows.map((r) => ({
    id: r.id,
    img: receiptLink(sealer, r.img_key),
    bank: r.bank_name ?? '',
    amount: moneyToString(r.amount),
    status: r.status,
    created_at: r.created_at,
    // Only a rejection's reason is the customer's to read.
    reason: r.status === 'cancel' ? r.reason : null,
  }));
}

export type ChargeRequest = {
  amount?: string | undefined;
  bank_id?: number | undefined;
  img?: Buffer | undefined;
  transfer_ref?: string | undefined;
};
export type TopupLimits = { maxAmount: number; maxPending: number };

/** Requests one customer may have waiting for review at once. */
export const MAX_PENDING_CHARGES = 10;

type Checked = {
  amount: number;
  bankId: number;
  image: ReceiptImage;
  fingerprint: ReceiptFingerprint;
  transferRef: string | null;
};

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
  let fingerprint: ReceiptFingerprint | null = null;
  if (!input.img?.length) add('img', topupMsg.imageRequired);
  else {
    // Off the event loop, in the image pool (media/image-pool.ts).
    const read = await imagePool().run({ bytes: input.img, fingerprint: true });
    if ('error' in read)
      add(
        'img',
        read.error === 'type'
          ? topupMsg.imageType
          : read.error === 'too-big'
            ? topupMsg.imageTooBig
            : topupMsg.imageUnreadable,
      );
    else {
      image = {
        body: Buffer.from(read.body.buffer, read.body.byteOffset, read.body.byteLength),
        ext: read.ext,
        contentType: read.contentType,
      };
      fingerprint = read.fingerprint;
    }
  }

  if (Object.keys(errors).length || !image || !fingerprint || 'error' in amount || 'error' in ref || !input.bank_id)
    throw AppError.fields(errors);
  return { amount: amount.micros, bankId: input.bank_id, image, fingerprint, transferRef: ref.ref };
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
  // A cheap early refusal before the file is written; the count that holds is the one below.
  if ((await countPendingCharges(db, userId)) >= limits.maxPending)
    throw new AppError('TOO_MANY', topupMsg.tooManyPending);

  const fingerprint = ok.fingerprint;
  const duplicateOf = await findEarlierReceipt(db, fingerprint);
  const key = `receipts/${randomBytes(16).toString('hex')}.${ok.image.ext}`;
  await storage.put(key, ok.image.body, ok.image.contentType);
  try {
    // Counted again with the customer locked, so 20 uploads at once still leave at most the cap.
    return await work(db, async (trx) => {
      await lockCustomer(trx, userId);
      if ((await countPendingCharges(trx, userId)) >= limits.maxPending)
        throw new AppError('TOO_MANY', topupMsg.tooManyPending);
      return insertCharge(trx, {
        userId,
        bankId: ok.bankId,
        amount: ok.amount,
        imgKey: key,
        transferRef: ok.transferRef,
        fingerprint,
        duplicateOf,
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
