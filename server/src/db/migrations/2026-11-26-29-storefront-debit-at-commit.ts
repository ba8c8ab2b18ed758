import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * PostgreSQL: a purchase's debit of its storefront's account happens at COMMIT (a deferred
 * constraint trigger), not where the purchase writes it. Every order of a storefront updates the
 * one account row, and a row lock is held until its transaction commits: taken in the middle of
 * the transaction, it was held across the application's round trips to the end, so a storefront's
 * orders queued one at a time behind each other (measured: 509 orders/s against the provider's
 * 1,455, docs/benchmarks.md#storefronts). Taken inside the COMMIT, the lock lasts the commit
 * itself. The purchase inserts its ledger line with no `balance_after`; at commit the trigger takes
 * the amount from the account only while balance + credit limit cover it (or fails the commit
 * with SQLSTATE RS001: nothing of the purchase is written) and replaces the line by one carrying
 * the balance after, with an id taken under the account's lock, so the lines' order is the order
 * the balance moved in. SQLite has one writer and no deferred triggers: unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table storefront_ledger alter column balance_after drop not null`.execute(db);
  await createDebitAtCommit(db);
}

/**
 * The function and its trigger as this migration makes them; migration 34's `down` puts them
 * back with it. Frozen with this file.
 */
export async function createDebitAtCommit(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function storefront_debit_at_commit() returns trigger language plpgsql as $$
    declare after_debit bigint;
    begin
      update storefront_accounts
        set balance = balance - new.debit,
            updated_at = to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        where storefront_id = new.storefront_id and balance - new.debit >= -credit_limit
        returning balance into after_debit;
      if not found then
        raise exception 'storefront % cannot cover %', new.storefront_id, new.debit using errcode = 'RS001';
      end if;
      delete from storefront_ledger where id = new.id;
      insert into storefront_ledger
        (storefront_id, credit, debit, balance_after, reason, ref_type, ref_id, actor_id, created_at)
        values (new.storefront_id, new.credit, new.debit, after_debit, new.reason, new.ref_type, new.ref_id,
          new.actor_id, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger storefront_debit_at_commit after insert on storefront_ledger
      deferrable initially deferred for each row when (new.balance_after is null)
      execute function storefront_debit_at_commit()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger storefront_debit_at_commit on storefront_ledger`.execute(db);
  await sql`drop function storefront_debit_at_commit()`.execute(db);
  await sql`delete from storefront_ledger where balance_after is null`.execute(db);
  await sql`alter table storefront_ledger alter column balance_after set not null`.execute(db);
}
