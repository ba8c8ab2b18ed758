import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { RefundIssue } from './verify-queries';

/**
 * Number purchases for ledger:verify: each is debited exactly once, refunded at most once and
 * never for more than its price, and refunded only when it ended cancelled or refunded.
 */
export async function numberRefundIssues(db: DB): Promise<RefundIssue[]> {
  const result = await sql<RefundIssue & { debits: number }>`
    select a.id as order_id, a.user_id, a.status, a.price,
      sum(case when l.credit > 0 then 1 else 0 end) as refunds,
      coalesce(sum(l.credit), 0) as refunded,
      sum(case when l.debit > 0 then 1 else 0 end) as debits
    from number_activations a
    left join ledger l on l.ref_type = 'number' and l.ref_id = a.id
    group by a.id, a.user_id, a.status, a.price
    having sum(case when l.credit > 0 then 1 else 0 end) > 1
      or coalesce(sum(l.credit), 0) > a.price
      or sum(case when l.debit > 0 then 1 else 0 end) <> 1
      or (sum(case when l.credit > 0 then 1 else 0 end) > 0 and a.status not in ('cancelled', 'refunded'))
      or (sum(case when l.credit > 0 then 1 else 0 end) = 0 and a.status in ('cancelled', 'refunded'))
    order by a.id`.execute(db);
  return result.rows.map((r) => ({
    subject: 'number purchase' as const,
    order_id: Number(r.order_id),
    user_id: Number(r.user_id),
    status: `${r.status}, ${Number(r.debits)} debit(s)`,
    price: Number(r.price),
    refunds: Number(r.refunds),
    refunded: Number(r.refunded),
  }));
}
