import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import {
  type Bank,
  type Charge,
  dollarsFromLocal,
  formatMicros,
  moneyToString,
  readTopupAmount,
  readTransferRef,
} from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { BanksTable, DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import type { Storage } from '../../kernel/storage';
import { topupMsg } from './messages';
import { findEarlierReceipt } from './receipt-duplicates';
import { imagePool, type ImageTaskError, PDF_LIMITS } from '../media';
import type { ReceiptFingerprint } from '../media';
import type { ReceiptImage } from '../media';
import {
  countPendingCharges,
  findBankRow,
  insertCharge,
  type TransferRef,
  listBankRows,
  listChargeRows,
  lockCustomer,
} from './repository';
import { receiptLink } from './signed-link';

export async function listBanks(db: DB, storefrontId: number): Promise<Bank[]> {
  return (await listBankRows(db, storefrontId)).map(toBank);
}

/** A bank as customers see it (and the console, which adds its place in the list). */
export function toBank(r: Pick<Selectable<BanksTable>, keyof Bank>): Bank {
  return {
    id: r.id,
    name: r.name,
    img: r.img,
    info: r.info,
    iban: r.iban,
    holder: r.holder,
    currency: r.currency,
    rate: moneyToString(r.rate),
  };
}

type ChargeRow = {
  id: number;
  img_key: string;
  amount: number;
  status: 'pending' | 'success' | 'cancel';
  created_at: string;
  reason: string | null;
  currency: 'USD' | 'SYP' | 'TRY';
  rate: number;
  amount_local: number | null;
  bank_id: number;
  bank_name: string | null;
};

/** One request as its customer reads it (GET /charges and the reply of POST /banks). */
function toCharge(sealer: Sealer, r: ChargeRow): Charge {
  return {
    id: r.id,
    img: receiptLink(sealer, r.img_key),
    bank: r.bank_name ?? '',
    bank_id: r.bank_id,
    amount: moneyToString(r.amount),
    status: r.status,
    created_at: r.created_at,
    // A rejection's reason, or why an approved amount was corrected: both are the customer's to read.
    reason: r.status === 'pending' ? null : r.reason,
    currency: r.currency,
    rate: moneyToString(r.rate),
    amount_local: moneyToString(r.amount_local ?? r.amount),
  };
}

export async function listCharges(db: DB, sealer: Sealer, userId: number): Promise<Charge[]> {
  const rows = await listChargeRows(db, userId);
  return rows.map((r) => toCharge(sealer, r));
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
  amountLocal: number;
  bank: { id: number; name: string; currency: 'USD' | 'SYP' | 'TRY'; rate: number };
  image: ReceiptImage;
  fingerprint: ReceiptFingerprint;
  transferRef: TransferRef | null;
};

/** Every rule of a request at once, so the form can show each message beside its field. */
async function check(db: DB, limits: TopupLimits, storefrontId: number, input: ChargeRequest): Promise<Checked> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, text: string) => {
    errors[field] ??= [];
    errors[field].push(text);
  };

  // Another storefront's bank is no bank of this one.
  const bank = input.bank_id ? await findBankRow(db, input.bank_id, storefrontId) : undefined;
  if (!input.bank_id) add('bank_id', topupMsg.bankRequired);
  else if (!bank) add('bank_id', topupMsg.bankUnknown);

  // The amount is typed in the bank's currency; the limit holds on the dollars it credits.
  const amount = readTopupAmount(input.amount);
  const dollars = 'error' in amount ? 0 : bank ? dollarsFromLocal(amount.micros, bank.rate) : amount.micros;
  if ('error' in amount) add('amount', amount.error === 'required' ? topupMsg.amountRequired : topupMsg.amountInvalid);
  else if (dollars > limits.maxAmount) add('amount', topupMsg.amountTooLarge(formatMicros(limits.maxAmount)));
  else if (dollars <= 0) add('amount', topupMsg.amountBelowCent);

  const ref = readTransferRef(input.transfer_ref);
  if ('error' in ref) add('transfer_ref', topupMsg.referenceInvalid);

  let image: ReceiptImage | null = null;
  let fingerprint: ReceiptFingerprint | null = null;
  if (!input.img?.length) add('img', topupMsg.imageRequired);
  else {
    // Off the event loop, in the image pool (media/image-pool.ts).
    const read = await imagePool().run({ bytes: input.img, fingerprint: true, pdf: true });
    if ('error' in read) add('img', receiptError(read.error));
    else {
      image = {
        body: Buffer.from(read.body.buffer, read.body.byteOffset, read.body.byteLength),
        ext: read.ext,
        contentType: read.contentType,
      };
      fingerprint = read.fingerprint;
    }
  }

  if (Object.keys(errors).length || !image || !fingerprint || 'error' in amount || 'error' in ref || !bank)
    throw AppError.fields(errors);
  const transferRef = ref.ref && ref.typed ? { typed: ref.typed, key: ref.ref } : null;
  return { amount: dollars, amountLocal: amount.micros, bank, image, fingerprint, transferRef };
}

function receiptError(error: ImageTaskError): string {
  switch (error) {
    case 'type':
      return topupMsg.imageType;
    case 'too-big':
      return topupMsg.imageTooBig;
    case 'pdf-pages':
      return topupMsg.pdfPages(PDF_LIMITS.maxPages);
    case 'pdf-page-size':
      return topupMsg.pdfPageSize;
    case 'pdf-script':
      return topupMsg.pdfScript;
    case 'pdf-locked':
      return topupMsg.pdfLocked;
    case 'pdf-unavailable':
      return topupMsg.pdfUnavailable;
    case 'pdf-blank':
      return topupMsg.pdfBlank;
    case 'slow':
      return topupMsg.pdfSlow;
    default:
      return topupMsg.imageUnreadable;
  }
}

/**
 * Records a top-up request: the receipt image under a random name outside the web root, then
 * the pending charge with the receipt's fingerprints and the earlier request it repeats (for the
 * operator's fraud flags; a repeat is still accepted, the operator decides). A request refused
 * at any step leaves neither file nor row behind.
 */
export async function requestCharge(
  deps: { db: DB; storage: Storage; sealer: Sealer },
  limits: TopupLimits,
  userId: number,
  storefrontId: number,
  input: ChargeRequest,
): Promise<Charge> {
  const { db, storage } = deps;
  const ok = await check(db, limits, storefrontId, input);
  // A cheap early refusal before the file is written; the count that holds is the one below.
  if ((await countPendingCharges(db, userId)) >= limits.maxPending)
    throw new AppError('rate_limited', topupMsg.tooManyPending);

  const fingerprint = ok.fingerprint;
  const duplicateOf = await findEarlierReceipt(db, fingerprint);
  const key = `receipts/${randomBytes(16).toString('hex')}.${ok.image.ext}`;
  await storage.put(key, ok.image.body, ok.image.contentType);
  try {
    // Counted again with the customer locked, so 20 uploads at once still leave at most the cap.
    const createdAt = now();
    const id = await work(db, async (trx) => {
      await lockCustomer(trx, userId);
      if ((await countPendingCharges(trx, userId)) >= limits.maxPending)
        throw new AppError('rate_limited', topupMsg.tooManyPending);
      return insertCharge(trx, {
        userId,
        bankId: ok.bank.id,
        amount: ok.amount,
        currency: ok.bank.currency,
        rate: ok.bank.rate,
        amountLocal: ok.amountLocal,
        createdAt,
        imgKey: key,
        transferRef: ok.transferRef,
        fingerprint,
        duplicateOf,
      });
    });
    return toCharge(deps.sealer, {
      id,
      img_key: key,
      amount: ok.amount,
      status: 'pending',
      created_at: createdAt,
      reason: null,
      currency: ok.bank.currency,
      rate: ok.bank.rate,
      amount_local: ok.amountLocal,
      bank_id: ok.bank.id,
      bank_name: ok.bank.name,
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
