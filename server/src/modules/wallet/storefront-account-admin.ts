import { MAX_MONEY, moneyToString, type StorefrontAccount, type StorefrontAccountReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { now } from '../../kernel/time';
import { audit } from '../audit';
import {
  accountLines,
  accountsWithSpend,
  addToAccount,
  ensureAccount,
  findAccount,
  gatherAccount,
  insertAccountLine,
  markRefusalsSeen,
  movedSince,
  setCreditLimit,
  takeFromAccount,
} from './storefront-account-repository';

export const storefrontAccountAdminMsg = {
  providerHasNone: 'المتجر رقم 1 هو متجر المزوّد نفسه، وليس له حساب لدى المزوّد',
  overAvailable: (available: string) => `المبلغ أكبر من المتاح في حساب المتجر (${available})`,
  overMax: 'لا يمكن أن يتجاوز رصيد حساب المتجر أو حدّه الائتماني مليار، لم يُحفظ التغيير',
  creditInfo: (reason: string) => `إيداع من المزوّد: ${reason}`,
  debitInfo: (reason: string) => `خصم من المزوّد: ${reason}`,
} as const;

const PAGE = 20;
const DAY_MS = 86_400_000;

function requireOtherStorefront(storefrontId: number): void {
  if (storefrontId === PROVIDER_STOREFRONT) throw new AppError('not_found', storefrontAccountAdminMsg.providerHasNone);
}

type AccountRow = Awaited<ReturnType<typeof accountsWithSpend>>[number];

/**
 * `low`: nothing is available, or less than what the last 7 days' purchases cost the account on
 * an average day, so the staff top it up before their customers are refused. `unseen_refusals`:
 * the refusals counted since the reader last marked them seen, so each staff member's banner
 * stays until they have seen it, however old the refusal.
 */
function toAccount(row: AccountRow): StorefrontAccount {
  const balance = Number(row.balance);
  const available = balance + Number(row.credit_limit);
  const daySpend = Math.max(0, Math.round(Number(row.spent ?? 0) / 7));
  return {
    storefront_id: Number(row.storefront_id),
    balance: moneyToString(balance),
    credit_limit: moneyToString(Number(row.credit_limit)),
    available: moneyToString(available),
    day_spend: moneyToString(daySpend),
    low: available <= 0 || available < daySpend,
    refused_count: Number(row.refused_count),
    last_refused_at: row.last_refused_at ?? null,
    last_refused_price: row.last_refused_price == null ? null : moneyToString(Number(row.last_refused_price)),
    unseen_refusals: Math.max(0, Number(row.refused_count) - Number(row.seen_count)),
  };
}

const weekAgo = () => new Date(Date.now() - 7 * DAY_MS).toISOString();

/**
 * Every storefront's account (`only`: one storefront's, for its staff or `?storefront=`), as
 * `viewerId` reads it: their unseen refusals.
 */
export async function listStorefrontAccounts(
  db: DB,
  only: number | null,
  viewerId: number,
): Promise<StorefrontAccount[]> {
  return (await accountsWithSpend(db, weekAgo(), only, viewerId)).map(toAccount);
}

/** One storefront's account as `viewerId` reads it, and a page of its ledger, newest first. */
export async function readStorefrontAccount(
  db: DB,
  storefrontId: number,
  before: number | undefined,
  viewerId: number,
): Promise<StorefrontAccountReply['data']> {
  requireOtherStorefront(storefrontId);
  const [accounts, rows] = await Promise.all([
    accountsWithSpend(db, weekAgo(), storefrontId, viewerId),
    accountLines(db, storefrontId, before, PAGE + 1),
  ]);
  const account = accounts[0];
  if (!account) throw new Error(`storefront ${storefrontId}: no row`);
  const page = rows.slice(0, PAGE);
  // A line written without its balance after (PostgreSQL) shows the balance less what the
  // lines after it moved.
  let after = Number(account.balance) - (page.length ? await movedSince(db, storefrontId, Number(page[0]!.id)) : 0);
  const lines = page.map((l) => {
    const shown = l.balance_after === null ? after : Number(l.balance_after);
    after = shown - Number(l.credit) + Number(l.debit);
    return {
      id: Number(l.id),
      credit: moneyToString(l.credit),
      debit: moneyToString(l.debit),
      balance_after: moneyToString(shown),
      reason: l.reason,
      ref_type: l.ref_type,
      ref_id: l.ref_id === null ? null : Number(l.ref_id),
      created_at: l.created_at,
    };
  });
  return { account: toAccount(account), lines, next_before: rows.length > PAGE ? (lines.at(-1)?.id ?? null) : null };
}

/**
 * A provider's operator credits (`amount` > 0: money received from the storefront) or debits
 * (< 0: a correction) the account: one guarded UPDATE, its ledger line naming the operator and
 * the reason, and the audit row, in the caller's transaction. A debit never takes the account
 * past its credit limit.
 */
export async function adjustStorefrontAccount(
  trx: DB,
  actorId: number,
  storefrontId: number,
  change: { amount: number; reason: string },
): Promise<void> {
  requireOtherStorefront(storefrontId);
  const { reason } = change;
  const credit = change.amount > 0;
  const amount = Math.abs(change.amount);
  if (!Number.isSafeInteger(amount) || amount === 0 || amount > MAX_MONEY)
    throw AppError.fields({ amount: [storefrontAccountAdminMsg.overMax] });
  const t = now();
  await ensureAccount(trx, storefrontId, t);
  await gatherAccount(trx, storefrontId);
  const row = credit
    ? await addToAccount(trx, storefrontId, amount, MAX_MONEY, t)
    : await takeFromAccount(trx, storefrontId, amount, t);
  if (!row) {
    if (credit) throw AppError.fields({ amount: [storefrontAccountAdminMsg.overMax] });
    const account = await findAccount(trx, storefrontId);
    const available = moneyToString((account?.balance ?? 0) + (account?.credit_limit ?? 0));
    throw AppError.fields({ amount: [storefrontAccountAdminMsg.overAvailable(available)] });
  }
  const info = credit ? storefrontAccountAdminMsg.creditInfo(reason) : storefrontAccountAdminMsg.debitInfo(reason);
  await insertAccountLine(trx, {
    storefront_id: storefrontId,
    credit: credit ? amount : 0,
    debit: credit ? 0 : amount,
    balance_after: row.balance,
    reason: info.slice(0, 300),
    ref_type: 'adjust',
    ref_id: null,
    actor_id: actorId,
    created_at: t,
  });
  await audit(
    trx,
    actorId,
    'storefront_account.adjust',
    'storefront',
    storefrontId,
    { balance: moneyToString(row.balance - change.amount) },
    { balance: moneyToString(row.balance), amount: moneyToString(change.amount), reason },
  );
}

/** How far below zero the account may go. Lowered under what it owes, it refuses the next purchases only. */
export async function setStorefrontCreditLimit(
  trx: DB,
  actorId: number,
  storefrontId: number,
  limit: number,
): Promise<void> {
  requireOtherStorefront(storefrontId);
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > MAX_MONEY)
    throw AppError.fields({ credit_limit: [storefrontAccountAdminMsg.overMax] });
  const t = now();
  await ensureAccount(trx, storefrontId, t);
  const before = await findAccount(trx, storefrontId);
  await setCreditLimit(trx, storefrontId, limit, t);
  await audit(
    trx,
    actorId,
    'storefront_account.limit',
    'storefront',
    storefrontId,
    { credit_limit: moneyToString(before?.credit_limit ?? 0) },
    { credit_limit: moneyToString(limit) },
  );
}

/**
 * `userId` has seen the storefront's refusals up to `shown`, the `refused_count` their console
 * showed: theirs alone, as a colleague may not have seen them yet. Not audited: it changes what
 * one reader is shown, nothing of the store.
 */
export async function markStorefrontRefusalsSeen(
  db: DB,
  userId: number,
  storefrontId: number,
  shown: number,
): Promise<void> {
  requireOtherStorefront(storefrontId);
  await markRefusalsSeen(db, userId, storefrontId, shown, now());
}
