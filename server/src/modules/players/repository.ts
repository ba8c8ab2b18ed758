import type { DB } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { now } from '../../kernel/time';

const columns = ['id', 'type', 'player_id', 'label', 'player_name', 'updated_at'] as const;

export function listPlayers(db: DB, userId: number, type?: string) {
  let q = db.selectFrom('saved_players').select(columns).where('user_id', '=', userId);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute();
}

/**
 * Serialises one customer's saves until the transaction ends, so the count that follows sees every
 * save before it. PostgreSQL locks the customer's row (`for no key update`: inserts elsewhere that
 * only reference the row, such as orders, do not wait); SQLite runs one write transaction at a time.
 */
export async function lockCustomer(trx: DB, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export function countPlayers(db: DB, userId: number) {
  return db
    .selectFrom('saved_players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Saving an id already saved for the type updates it (one row per customer, type and id). */
export async function upsertPlayer(
  trx: DB,
  userId: number,
  input: { type: string; player_id: string; label: string; player_name?: string | null | undefined },
) {
  const t = now();
  const existing = await trx
    .selectFrom('saved_players')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', input.type)
    .where('player_id', '=', input.player_id)
    .executeTakeFirst();
  if (existing) {
    return trx
      .updateTable('saved_players')
      .set({
        label: input.label,
        ...(input.player_name !== undefined ? { player_name: input.player_name } : {}),
        updated_at: t,
      })
      .where('id', '=', existing.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
  }
  return trx
    .insertInto('saved_players')
    .values({
      user_id: userId,
      type: input.type,
      player_id: input.player_id,
      label: input.label,
      player_name: input.player_name ?? null,
      created_at: t,
      updated_at: t,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function updatePlayer(
  db: DB,
  userId: number,
  id: number,
  set: { label?: string | undefined; player_name?: string | null | undefined },
) {
  return db
    .updateTable('saved_players')
    .set({
      ...(set.label !== undefined ? { label: set.label } : {}),
      ...(set.player_name !== undefined ? { player_name: set.player_name } : {}),
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
}

export async function deletePlayer(db: DB, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('saved_players').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
