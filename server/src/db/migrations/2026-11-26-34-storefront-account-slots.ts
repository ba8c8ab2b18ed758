import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createDebitAtCommit } from './2026-11-26-29-storefront-debit-at-commit';

// Frozen in time: this file must never import today's table types.

/**
 * PostgreSQL: a storefront's account is spread over its row (the main share, which alone may go
 * below zero, down to the credit limit) and up to 32 slot rows, each a non-negative share.
 * Every order of a storefront took its debit from the one account row at COMMIT, and a row lock
 * lasts until the commit is flushed: a storefront's orders committed one at a time, 66% of the
 * provider's under 200 customers (docs/benchmarks.md#storefronts). Now a commit takes its debit
 * from the slot its transaction falls on (its id modulo 32: transactions that run at the same
 * time have neighbouring ids, so a pool's connections fall on different slots), and only when
 * that slot is short does it lock the main row and move a share of what is available into it
 * (what it needs and a 64th of the rest); when even the main share is short, every
 * slot is swept back into it first, so a purchase is refused only when the whole account (plus
 * its credit limit) cannot cover it.
 *
 * One lock order: a commit whose slot covers it locks that slot alone; every path that locks
 * more takes the main row first (refill, sweep, an operator's debit), then slots in ascending
 * order. A storefront's balance is the main share plus its slots. Its purchases' lines no longer
 * carry a balance after them (commits run side by side, so there is no one running order to
 * record); the console works it out when it shows them. SQLite has one writer: no slots.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table storefront_account_slots (
    storefront_id bigint not null references storefronts (id),
    slot integer not null,
    balance bigint not null default 0 check (balance >= 0),
    primary key (storefront_id, slot))`.execute(db);
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function storefront_account_sweep(sid bigint) returns void language plpgsql as $$
    declare swept bigint;
    begin
      with taken as (
        select slot, balance from storefront_account_slots
        where storefront_id = sid and balance > 0 order by slot for update
      ), emptied as (
        update storefront_account_slots s set balance = 0 from taken
        where s.storefront_id = sid and s.slot = taken.slot returning taken.balance
      )
      select coalesce(sum(balance), 0) into swept from emptied;
      if swept > 0 then
        update storefront_accounts set balance = balance + swept where storefront_id = sid;
      end if;
    end $$`.execute(db);
  await sql`
    create or replace function storefront_debit_at_commit() returns trigger language plpgsql as $$
    declare
      k integer := 1 + (txid_current() % 32)::integer;
      available bigint;
      held bigint;
      need bigint;
      moved bigint;
    begin
      update storefront_account_slots set balance = balance - new.debit
        where storefront_id = new.storefront_id and slot = k and balance >= new.debit;
      if found then return null; end if;
      select balance + credit_limit into available from storefront_accounts
        where storefront_id = new.storefront_id for update;
      if not found then
        raise exception 'storefront % cannot cover %', new.storefront_id, new.debit using errcode = 'RS001';
      end if;
      insert into storefront_account_slots (storefront_id, slot) values (new.storefront_id, k)
        on conflict do nothing;
      select balance into held from storefront_account_slots
        where storefront_id = new.storefront_id and slot = k for update;
      need := new.debit - held;
      -- Another commit on this slot refilled it while this one waited for the main row.
      if need <= 0 then
        update storefront_account_slots set balance = balance - new.debit
          where storefront_id = new.storefront_id and slot = k;
        return null;
      end if;
      if available < need then
        perform storefront_account_sweep(new.storefront_id);
        select balance + credit_limit into available from storefront_accounts
          where storefront_id = new.storefront_id;
        need := new.debit;
        if available < need then
          raise exception 'storefront % cannot cover %', new.storefront_id, new.debit using errcode = 'RS001';
        end if;
      end if;
      -- What the slot needs and a 64th of what stays available: later commits on it need not
      -- lock the main row again soon, and the other slots can still take their shares.
      moved := need + (available - need) / 64;
      update storefront_accounts
        set balance = balance - moved,
            updated_at = to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        where storefront_id = new.storefront_id;
      update storefront_account_slots set balance = balance + moved - new.debit
        where storefront_id = new.storefront_id and slot = k;
      return null;
    end $$`.execute(db);
  // Only a purchase's debit waits for COMMIT; other lines without a balance (credits, an
  // operator's debit) are written where their change is made.
  await sql`drop trigger storefront_debit_at_commit on storefront_ledger`.execute(db);
  await sql`
    create constraint trigger storefront_debit_at_commit after insert on storefront_ledger
      deferrable initially deferred for each row
      when (new.balance_after is null and new.ref_type in ('order', 'number') and new.debit > 0)
      execute function storefront_debit_at_commit()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update storefront_accounts a set balance = a.balance + s.total from (
      select storefront_id, sum(balance) as total from storefront_account_slots group by storefront_id
    ) s where s.storefront_id = a.storefront_id`.execute(db);
    await sql`drop trigger storefront_debit_at_commit on storefront_ledger`.execute(db);
    await sql`drop function storefront_account_sweep(bigint)`.execute(db);
    await createDebitAtCommit(db);
  }
  await sql`drop table storefront_account_slots`.execute(db);
}
