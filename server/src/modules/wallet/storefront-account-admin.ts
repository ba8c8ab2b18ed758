import { MAX_MONEY, moneyToString, type StorefrontAccount, type StorefrontAccountReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { now } from '../../kernel/time';
import { audit } from '../audit';
import {
  accountLines,
  addToAccount,
  ensureAccount,
  findAccount,
  insertAccountLine,
  setCreditLimit,
  spendSince,
  takeFromAccount,
} from './storefront-account-repository';

export const storefrontAccountAdminMsg = {
  providerHasNone: 'المتجر رقم 1 هو متجر المزوّد نفسه، وليس له حساب لدى المزوّد',
  overAvailable: (available: string) => `المبلغ أكبر من المتاح في حساب المتجر (${available})`,
  overMax: 'لا يمكن أن يتجاوز رصيد حساب المتجر مليار، لم يُضف المبلغ',
  creditInfo: (reason: string) => `إيداع من المزوّد: ${reason}`,
  debitInfo: (reason: string) => `خصم من المزوّد: ${reason}`,
} as const;

const PAGE = 20;
const DAY_MS = 86_400_000;

function requireOtherStorefront(storefrontId: number): void {
  if (storefrontId === PROVIDER_STOREFRONT) throw new AppError('not_found', storefrontAccountAdminMsg.providerHasNone);
}

/**
 * The account as the staff read it. `low`: nothing is available, or less than what the last 7
 * days' purchases cost the account on an average day, so the staff top it up before customers
 * are refused.
 */
async function accountOf(db: DB, storefrontId: number): Promise<StorefrontAccount> {
  const [row, week] = await Promise.all([
    findAccount(db, storefrontId),
    spendSince(db, storefrontId, new Date(Date.now() - 7 * DAY_MS).toISOString()),
  ]);
  const balance = row?.balance ?? 0;
  const limit = row?.credit_limit ?? 0;
  const available = balance + limit;
  const daySpend = Math.max(0, Math.round(week / 7));
  return {
    storefront_id: storefrontId,
    balance: moneyToString(balance),
    credit_limit: moneyToString(limit),
    available: moneyToString(available),
    day_spend: moneyToString(daySpend),
    low: available <= 0 || available < daySpend,
    refused_count: row?.refused_count ?? 0,
    last_refused_at: row?.last_refused_at ?? null,
    last_refused_price: row?.last_refused_price == null ? null : moneyToString(row.last_refused_price),
  };
}

export async function readStorefrontAccount(
  db: DB,
  storefrontId: number,
  before: number | undefined,
): Promise<StorefrontAccountReply['data']> {
  requireOtherStorefront(storefrontId);
  const [account, rows] = await Promise.all([
    accountOf(db, storefrontId),
    accountLines(db, storefrontId, before, PAGE + 1),
  ]);
  const lines = rows.slice(0, PAGE).map((l) => ({
    id: Number(l.id),
    credit: moneyToString(l.credit),
    debit: moneyToString(l.debit),
    balance_after: moneyToString(l.balance_after),
    reason: l.reason,
    ref_type: l.ref_type,
    ref_id: l.ref_id === null ? null : Number(l.ref_id),
    created_at: l.created_at,
  }));
  return { account, lines, next_before: rows.length > PAGE ? (lines.at(-1)?.id ?? null) : null };
}

/**
 * A provider's operator credits (money received from the storefront) or debits (a correction)
 * the account: one guarded UPDATE, its ledger line naming the operator and the reason, and the
 * audit row, in the caller's transaction. A debit never takes it past its credit limit.
 */
export async function moveStorefrontAccount(
  trx: DB,
  actorId: number,
  storefrontId: number,
  move: { kind: 'credit' | 'debit'; amount: number; reason: string },
): Promise<void> {
  requireOtherStorefront(storefrontId);
  const { amount, reason } = move;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_MONEY)
    throw AppError.fields({ amount: [storefrontAccountAdminMsg.overMax] });
  const t = now();
  await ensureAccount(trx, storefrontId, t);
  const credit = move.kind === 'credit';
  const row = credit
    ? await addToAccount(trx, storefrontId, amount, MAX_MONEY, t)
    : await takeFromAccount(trx, storefrontId, amount, t);
  if (!row) {
    if (credit) throw AppError.fields({ amount: [storefrontAccountAdminMsg.overMax] });
    const account = await findAccount(trx, storefrontId);
    const available = moneyToString((account?.balance ?? 0) + (account?.credit_limit ?? 0));
    throw AppError.fields({ amount: [storefrontAccountAdminMsg.overAvailable(available)] });
  }
  await insertAccountLine(trx, {
    storefront_id: storefrontId,
    credit: credit ? amount : 0,
    debit: credit ? 0 : amount,
    balance_after: row.balance,
    reason: (credit ? storefrontAccountAdminMsg.creditInfo(reason) : storefrontAccountAdminMsg.debitInfo(reason)).slice(
      0,
      300,
    ),
    ref_type: 'adjust',
    ref_id: null,
    actor_id: actorId,
    created_at: t,
  });
  const before = row.balance + (credit ? -amount : amount);
  await audit(
    trx,
    actorId,
    `storefront_account.${move.kind}`,
    'storefront',
    storefrontId,
    { balance: moneyToString(before) },
    { balance: moneyToString(row.balance), amount: moneyToString(amount), reason },
  );
}

/** How far below zero the account may go; lowering it under what the account owes refuses the next purchases only. */
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
