import { moneyToString } from '@raseed/contract';
import { sql } from 'kysely';
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

type Totals = { storefront_id: number; name: string; balance: number; ledger_sum: number; rows: number };
type Break = { id: number; storefront_id: number; balance_after: number; running: number };
type Purchase = {
  kind: 'order' | 'number';
  id: number;
  storefront_id: number;
  status: string;
  provider_price: number;
  debited: number;
  debits: number;
  refunded: number;
  refunds: number;
};

/** Every storefront but 1 with its stored balance and the sum of its ledger. */
function totals(db: DB) {
  return sql<Totals>`
    select s.id as storefront_id, s.name, coalesce(a.balance, 0) as balance,
      coalesce((select sum(l.credit - l.debit) from storefront_ledger l where l.storefront_id = s.id), 0) as ledger_sum,
      (select count(*) from storefront_ledger l where l.storefront_id = s.id) as rows
    from storefronts s left join storefront_accounts a on a.storefront_id = s.id
    where s.id <> 1 order by s.id`.execute(db);
}

/** Lines whose balance_after is not the running total of the storefront's lines up to them. */
function breaks(db: DB) {
  return sql<Break>`
    select id, storefront_id, balance_after, running from (
      select id, storefront_id, balance_after,
        sum(credit - debit) over (partition by storefront_id order by id rows unbounded preceding) as running
      from storefront_ledger
    ) t where running <> balance_after order by id limit 1000`.execute(db);
}

/**
 * Every purchase on a storefront other than 1 placed since its account existed, with what its
 * storefront's ledger debited and gave back for it (lines of another storefront do not count).
 */
function purchases(db: DB) {
  const side = (kind: 'order' | 'number', table: string, from: string, refunded: string) => sql`
    select ${sql.lit(kind)} as kind, p.id, p.storefront_id, p.status, coalesce(p.provider_price, p.price) as provider_price,
      coalesce(sum(case when l.ref_type = ${sql.lit(kind)} then l.debit end), 0) as debited,
      count(case when l.ref_type = ${sql.lit(kind)} then 1 end) as debits,
      coalesce(sum(case when l.ref_type = ${sql.lit(`${kind}_refund`)} then l.credit end), 0) as refunded,
      count(case when l.ref_type = ${sql.lit(`${kind}_refund`)} then 1 end) as refunds,
      ${sql.raw(refunded)} as should_refund
    from ${sql.table(table)} p
    left join storefront_accounts a on a.storefront_id = p.storefront_id
    left join storefront_ledger l on l.ref_id = p.id and l.storefront_id = p.storefront_id
      and l.ref_type in (${sql.lit(kind)}, ${sql.lit(`${kind}_refund`)})
    where p.storefront_id <> 1 and p.id > coalesce(a.${sql.raw(from)}, 0) and p.price > 0
    group by p.id, p.storefront_id, p.status, p.provider_price, p.price`;
  return sql<Purchase & { should_refund: number }>`
    ${side('order', 'orders', 'orders_from', "case when p.status = 'cancel' then 1 else 0 end")}
    union all
    ${side('number', 'number_activations', 'numbers_from', "case when p.status in ('cancelled', 'refunded') then 1 else 0 end")}
  `.execute(db);
}

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
  const [t, b, p] = await Promise.all([totals(db), breaks(db), purchases(db)]);
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
