import { sql } from 'kysely';
import type { DB } from '../../db/database';

export type UserTotals = { user_id: number; email: string; balance: number; ledger_sum: number; rows: number };
export type ChainBreak = {
  id: number;
  user_id: number;
  credit: number;
  debit: number;
  balance_after: number;
  running: number;
  info: string;
  created_at: string;
};
export type RefundIssue = {
  subject?: 'number purchase';
  order_id: number;
  user_id: number;
  status: string;
  price: number;
  refunds: number;
  refunded: number;
};

/** Every user with the sum their ledger adds up to; a builder so a test can EXPLAIN it. */
export function userTotalsQuery(db: DB) {
  return db
    .selectFrom('users')
    .leftJoin('ledger', 'ledger.user_id', 'users.id')
    .select([
      'users.id as user_id',
      'users.email',
      'users.balance',
      sql<number>`coalesce(sum(ledger.credit - ledger.debit), 0)`.as('ledger_sum'),
      sql<number>`count(ledger.id)`.as('rows'),
    ])
    .groupBy(['users.id', 'users.email', 'users.balance'])
    .orderBy('users.id');
}

/** Every user with the sum their ledger adds up to (users without rows sum to 0). */
export async function userTotals(db: DB): Promise<UserTotals[]> {
  const rows = await userTotalsQuery(db).execute();
  return rows.map((r) => ({ ...r, ledger_sum: Number(r.ledger_sum), rows: Number(r.rows) }));
}

/**
 * Ledger rows whose recorded `balance_after` is not the running sum of the user's rows up to
 * them: the first such row of a user is where the history was altered. The running sums read
 * only what `ledger_user` holds, in its order; the text of the few rows that break is read after.
 */
export const chainBreaksQuery = (limit: number) =>
  sql<ChainBreak>`
    select t.id, t.user_id, t.credit, t.debit, t.balance_after, t.running, l.info, l.created_at from (
      select id, user_id, credit, debit, balance_after,
        sum(credit - debit) over (partition by user_id order by id rows unbounded preceding) as running
      from ledger
    ) t
    join ledger l on l.id = t.id
    where t.running <> t.balance_after
    order by t.user_id, t.id
    limit ${limit}`;

export async function chainBreaks(db: DB, limit: number): Promise<ChainBreak[]> {
  const result = await chainBreaksQuery(limit).execute(db);
  return result.rows.map((r) => ({ ...r, running: Number(r.running) }));
}

/** The last rows of one user, for a report on a balance that no row explains. */
export function lastRows(db: DB, userId: number, limit: number) {
  return db
    .selectFrom('ledger')
    .select(['id', 'user_id', 'credit', 'debit', 'balance_after', 'info', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Orders refunded more than once, for more than they cost, or while not cancelled. */
export async function refundIssues(db: DB): Promise<RefundIssue[]> {
  const result = await sql<RefundIssue>`
    select o.id as order_id, o.user_id, o.status, o.price,
      count(l.id) as refunds, coalesce(sum(l.credit), 0) as refunded
    from orders o
    join ledger l on l.ref_type = 'order' and l.ref_id = o.id and l.credit > 0
    group by o.id, o.user_id, o.status, o.price
    having count(l.id) > 1 or coalesce(sum(l.credit), 0) > o.price or o.status <> 'cancel'
    order by o.id`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    price: Number(r.price),
    refunds: Number(r.refunds),
    refunded: Number(r.refunded),
  }));
}

export type DebtIssue = {
  user_id: number;
  email: string;
  deposit: number;
  lent: number;
  repaid: number;
  credited: number;
};

/**
 * Customers whose debt is not what they were lent minus what they repaid, or whose lends did
 * not all reach their balance through the ledger.
 */
export async function debtIssues(db: DB): Promise<DebtIssue[]> {
  const result = await sql<DebtIssue>`
    select u.id as user_id, u.email, u.deposit,
      coalesce(d.lent, 0) as lent, coalesce(d.repaid, 0) as repaid, coalesce(c.credited, 0) as credited
    from users u
    left join (
      select user_id,
        sum(case when kind = 'lend' then amount else 0 end) as lent,
        sum(case when kind = 'repay' then amount else 0 end) as repaid
      from debt_entries group by user_id
    ) d on d.user_id = u.id
    left join (
      select user_id, sum(credit) as credited from ledger where ref_type = 'debt' group by user_id
    ) c on c.user_id = u.id
    where u.deposit <> coalesce(d.lent, 0) - coalesce(d.repaid, 0) or coalesce(c.credited, 0) <> coalesce(d.lent, 0)
    order by u.id`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    deposit: Number(r.deposit),
    lent: Number(r.lent),
    repaid: Number(r.repaid),
    credited: Number(r.credited),
  }));
}

/** The store's money in four sums: what a backup records and a restore must find again. */
export type LedgerTotals = {
  /** Sum of every stored balance. */
  balances: number;
  /** Sum of every ledger row's credit, and of its debit: balances = credits - debits when the ledger is clean. */
  credits: number;
  debits: number;
  /** Sum of every customer's debt (users.deposit). */
  debts: number;
  ledgerRows: number;
};

export async function ledgerTotals(db: DB): Promise<LedgerTotals> {
  const { rows } = await sql<LedgerTotals>`
    select
      (select coalesce(sum(balance), 0) from users) as balances,
      (select coalesce(sum(credit), 0) from ledger) as credits,
      (select coalesce(sum(debit), 0) from ledger) as debits,
      (select coalesce(sum(deposit), 0) from users) as debts,
      (select count(*) from ledger) as "ledgerRows"`.execute(db);
  const r = rows[0]!;
  return {
    balances: Number(r.balances),
    credits: Number(r.credits),
    debits: Number(r.debits),
    debts: Number(r.debts),
    ledgerRows: Number(r.ledgerRows),
  };
}
