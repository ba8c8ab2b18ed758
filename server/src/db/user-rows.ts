import type { DB } from './database';
import { isPostgres } from './engine';

/**
 * The reads of a user's row that modules without a way to the accounts module need (API keys and
 * webhooks, which the order and wallet code calls and so must import no module of its own).
 */

/** Whether the store lets the user use the API, and their role; undefined for no such user. */
export function apiAccessOf(db: DB, userId: number) {
  return db.selectFrom('users').select(['role', 'api_access']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Locks the user's row for the rest of the transaction (PostgreSQL), so two creations at once
 * count each other's row against a cap; SQLite's single writer already does.
 */
export async function lockUser(db: DB, userId: number): Promise<void> {
  await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(db), (q) => q.forUpdate())
    .executeTakeFirst();
}
