import { moneyToString } from '@raseed/contract';
import { type Purchase, storefrontBreaks, storefrontPurchases, storefrontTotals } from './verify-storefront-queries';
import type { DB } from '../../db/database';

/** One storefront's account as `ledger:verify` reads it; `issues` empty when it holds. */
export type StorefrontCheck = {
  storefrontId: number;
  name: string;
  /** storefront_accounts.balance as stored (0 without a row). */
  balance: number;
  /** Credits minus debits of its ledger rows. */
  ledgerSum: number;
  rows: number;
  /** Its purchases checked against their debits. */
  purchases: number;
  issues: string[];
};

const m = (micros: unknown) => moneyToString(Number(micros));

function purchaseIssue(p: Purchase & { should_refund: number }): string | null {
  const what = `${p.kind} #${p.id} (${p.status})`;
  if (Number(p.debits) !== 1) return `${what}: ${p.debits} debit line(s), expected 1`;
  if (Number(p.debited) !== Number(p.provider_price))
    return `${what}: debited ${m(p.debited)}, its provider_price is ${m(p.provider_price)}`;
  const refunds = Number(p.refunds);
  if (refunds > 1) return `${what}: reversed ${refunds} times`;
  if (Number(p.should_refund) === 1 && (refunds !== 1 || Number(p.refunded) !== Number(p.debited)))
    return `${what}: refunded to the customer, ${m(p.refunded)} given back to the account, not ${m(p.debited)}`;
  if (Number(p.should_refund) === 0 && refunds !== 0) return `${what}: not refunded, yet reversed`;
  return null;
}

/**
 * Per storefront other than 1: its balance equals its ledger's credits minus debits, each
 * line's balance_after is the running total, and every purchase placed since its account existed
 * was debited once at its provider_price and given back once exactly when the customer was refunded.
 */
export async function verifyStorefronts(db: DB): Promise<StorefrontCheck[]> {
  const [t, b, p] = await Promise.all([storefrontTotals(db), storefrontBreaks(db), storefrontPurchases(db)]);
  const checks = new Map<number, StorefrontCheck>();
  for (const r of t.rows) {
    const check: StorefrontCheck = {
      storefrontId: Number(r.storefront_id),
      name: r.name,
      balance: Number(r.balance),
      ledgerSum: Number(r.ledger_sum),
      rows: Number(r.rows),
      purchases: 0,
      issues: [],
    };
    if (check.balance !== check.ledgerSum)
      check.issues.push(`stored balance ${m(check.balance)}, ledger credits - debits ${m(check.ledgerSum)}`);
    checks.set(check.storefrontId, check);
  }
  for (const r of b.rows)
    checks
      .get(Number(r.storefront_id))
      ?.issues.push(`line #${r.id}: balance_after ${m(r.balance_after)}, running total ${m(r.running)}`);
  for (const r of p.rows) {
    const check = checks.get(Number(r.storefront_id));
    if (!check) continue;
    check.purchases += 1;
    const issue = purchaseIssue(r);
    if (issue) check.issues.push(issue);
  }
  return [...checks.values()];
}
