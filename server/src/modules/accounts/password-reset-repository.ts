import type { DB } from '../../db/database';
import { now } from '../../kernel/time';

export function insertResetToken(
  db: DB,
  values: { token_hash: string; user_id: number; created_at: string; expires_at: string },
) {
  return db
    .insertInto('password_resets')
    .values({ ...values, used_at: null })
    .execute();
}

/** Rows a day past their expiry are no use to anyone, not even to say "expired". */
export function deleteStaleResetTokens(db: DB, before: string) {
  return db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}

export function findResetToken(db: DB, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Takes the link for this reset: one conditional UPDATE, so of two racing uses one gets the
 * user and the other nothing. Undefined when the link is unknown, used or expired.
 */
export async function claimResetToken(db: DB, tokenHash: string): Promise<number | undefined> {
  const at = now();
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** After a reset, the account's other links stop working too. */
export function retireResetTokens(db: DB, userId: number) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
