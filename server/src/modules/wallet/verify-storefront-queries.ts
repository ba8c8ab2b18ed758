import { sql } from 'kysely';
import type { DB } from '../../db/database';

export type Totals = { storefront_id: number; name: string; balance: number; ledger_sum: number; rows: number };
export type Break = { id: number; storefront_id: number; balance_after: number; running: number };
export type Purchase = {
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

/** Every storefront but 1 with its stored balance (its row's share and its slots') and the sum of its ledger. */
export function storefrontTotals(db: DB) {
  return sql<Totals>`
    select s.id as storefront_id, s.name, coalesce(a.balance, 0)
        + coalesce((select sum(x.balance) from storefront_account_slots x where x.storefront_id = s.id), 0) as balance,
      coalesce((select sum(l.credit - l.debit) from storefront_ledger l where l.storefront_id = s.id), 0) as ledger_sum,
      (select count(*) from storefront_ledger l where l.storefront_id = s.id) as rows
    from storefronts s left join storefront_accounts a on a.storefront_id = s.id
    where s.id <> 1 order by s.id`.execute(db);
}

/**
 * Lines whose balance_after is not the running total of the storefront's lines up to them; lines
 * without one (PostgreSQL's, which commit side by side) are summed but not compared.
 */
export function storefrontBreaks(db: DB) {
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
const NUMBER_REFUNDED = "case when p.status in ('cancelled', 'refunded') then 1 else 0 end";

export function storefrontPurchases(db: DB) {
  const side = (kind: 'order' | 'number', table: string, from: string, refunded: string) => sql`
    select ${sql.lit(kind)} as kind, p.id, p.storefront_id, p.status,
      coalesce(p.provider_price, p.price) as provider_price,
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
    ${side('number', 'number_activations', 'numbers_from', NUMBER_REFUNDED)}
  `.execute(db);
}
