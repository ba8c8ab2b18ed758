import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * SQLite: a purchase's debit of its storefront's account is one statement, the ledger line's
 * INSERT, instead of an UPDATE and an INSERT. Every order of a storefront other than 1 paid for
 * both in the commit all orders share, and ran at 81–86% of the provider's (docs/benchmarks.md).
 * The line's `balance_after` is read from the account as it is written (one writer: nothing moves
 * between), and this trigger, before the row is stored, refuses it when balance + credit limit do
 * not cover the debit (RAISE, nothing written) or takes the debit from the account. PostgreSQL
 * takes it at COMMIT instead (2026-11-26-29-storefront-debit-at-commit).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`
    create trigger storefront_debit_now before insert on storefront_ledger
    when new.ref_type in ('order', 'number') and new.debit > 0
    begin
      select raise(abort, 'storefront_account_short') where not exists (
        select 1 from storefront_accounts
        where storefront_id = new.storefront_id and balance - new.debit >= -credit_limit);
      update storefront_accounts set balance = balance - new.debit, updated_at = new.created_at
        where storefront_id = new.storefront_id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`drop trigger storefront_debit_now`.execute(db);
}
