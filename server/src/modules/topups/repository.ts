import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import type { ReceiptFingerprint } from '../media';

/** The newest requests a customer sees; older ones stay in the database and the ledger. */
const CHARGES_SHOWN = 200;

/** A bank transfer reference as typed, and the normalised copy it is matched on. */
export type TransferRef = { typed: string; key: string };

/** One storefront's banks: its customers transfer to these and no others. */
export function listBankRows(db: DB, storefrontId: number) {
  return db
    .selectFrom('banks')
    .select(['id', 'name', 'img', 'info', 'iban', 'holder', 'currency', 'rate'])
    .where('storefront_id', '=', storefrontId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findBankRow(db: DB, id: number, storefrontId: number) {
  return db
    .selectFrom('banks')
    .select(['id', 'name', 'currency', 'rate'])
    .where('id', '=', id)
    .where('storefront_id', '=', storefrontId)
    .executeTakeFirst();
}

export function listChargeRows(db: DB, userId: number) {
  return db
    .selectFrom('charges')
    .leftJoin('banks', 'banks.id', 'charges.bank_id')
    .select([
      'charges.id',
      'charges.img_key',
      'charges.amount',
      'charges.status',
      'charges.created_at',
      'charges.reason',
      'charges.currency',
      'charges.rate',
      'charges.amount_local',
      'charges.bank_id',
      'banks.name as bank_name',
    ])
    .where('charges.user_id', '=', userId)
    .orderBy('charges.id', 'desc')
    .limit(CHARGES_SHOWN)
    .execute();
}

/**
 * Serialises one customer's top-up requests: PostgreSQL locks their user row until commit;
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockCustomer(trx: DB, userId: number): Promise<void> {
  await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
}

export async function countPendingCharges(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('charges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type NewCharge = {
  userId: number;
  bankId: number;
  amount: number;
  /** The bank's currency and rate when the request is made, and what was transferred in it (USD at 1 if absent). */
  currency?: 'USD' | 'SYP' | 'TRY';
  rate?: number;
  amountLocal?: number;
  createdAt?: string;
  imgKey: string;
  transferRef: TransferRef | null;
  fingerprint: ReceiptFingerprint;
  duplicateOf: number | null;
};

export async function insertCharge(db: DB, c: NewCharge): Promise<number> {
  const row = await db
    .insertInto('charges')
    .values({
      user_id: c.userId,
      bank_id: c.bankId,
      amount: c.amount,
      currency: c.currency ?? 'USD',
      rate: c.rate ?? 1_000_000,
      amount_local: c.amountLocal ?? c.amount,
      img_key: c.imgKey,
      status: 'pending',
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: c.createdAt ?? now(),
      transfer_ref: c.transferRef?.typed ?? null,
      transfer_ref_key: c.transferRef?.key ?? null,
      img_sha256: c.fingerprint.sha256,
      img_phash: c.fingerprint.phash,
      duplicate_of: c.duplicateOf,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findChargeRow(db: DB, id: number) {
  return db
    .selectFrom('charges')
    .leftJoin('banks', 'banks.id', 'charges.bank_id')
    .select(['charges.id', 'charges.user_id', 'charges.amount', 'charges.status', 'banks.name as bank_name'])
    .where('charges.id', '=', id)
    .executeTakeFirst();
}

/**
 * Moves a charge out of `pending` and reports the row only if this call did it: of two racing
 * decisions exactly one gets a row back, so a transfer is credited once.
 */
export function decidePendingCharge(
  trx: DB,
  id: number,
  change: { status: 'success' | 'cancel'; amount?: number; reason?: string; decidedBy: number },
) {
  return trx
    .updateTable('charges')
    .set({
      status: change.status,
      ...(change.amount !== undefined ? { amount: change.amount } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      decided_by: change.decidedBy,
      decided_at: now(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'amount'])
    .executeTakeFirst();
}

/** Rejected requests decided before `cutoff` whose receipt is still stored, oldest first. */
export function rejectedReceiptsBefore(db: DB, cutoff: string, purgedPrefix: string, limit: number) {
  return db
    .selectFrom('charges')
    .select(['id', 'img_key'])
    .where('status', '=', 'cancel')
    .where('decided_at', '<', cutoff)
    .where('img_key', 'not like', `${purgedPrefix}%`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Only if the request still names the receipt that was deleted (a parallel purge wins once). */
export function markReceiptPurged(db: DB, id: number, imgKey: string, purgedKey: string) {
  return db
    .updateTable('charges')
    .set({ img_key: purgedKey })
    .where('id', '=', id)
    .where('img_key', '=', imgKey)
    .execute();
}

export function findChargeBySha256(db: DB, sha256: string) {
  return db
    .selectFrom('charges')
    .select('id')
    .where('img_sha256', '=', sha256)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The newest requests' perceptual hashes, where near copies are looked for. */
export function latestPerceptualHashes(db: DB, window: number) {
  return db
    .selectFrom('charges')
    .select(['id', 'img_phash'])
    .where('img_phash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(window)
    .execute();
}
