import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { ApiKeysTable } from './tables';

const listed = ['id', 'name', 'mode', 'prefix', 'allowed_ips', 'created_at', 'last_used_at'] as const;

export async function insertApiKey(db: DB, values: Insertable<ApiKeysTable>): Promise<number> {
  const row = await db.insertInto('api_keys').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's unrevoked keys, newest first. */
export function liveKeysOf(db: DB, userId: number) {
  return db
    .selectFrom('api_keys')
    .select(listed)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function countLiveKeys(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export { apiAccessOf, lockUser } from '../../db/user-rows';

/** The key of a token hash, revoked or not, with what a call needs of its owner. */
export function findKeyByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.mode',
      'api_keys.allowed_ips',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
      'users.id as userId',
      'users.role',
      'users.storefront_id',
      'users.totp_enabled',
      'users.api_access',
    ])
    .where('api_keys.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes one live key of the user; false when there is none (another's, unknown or revoked already). */
export async function revokeKeyRow(db: DB, userId: number, keyId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The key's prefix, for the audit log. */
export function keyPrefix(db: DB, keyId: number) {
  return db.selectFrom('api_keys').select(['prefix', 'name']).where('id', '=', keyId).executeTakeFirst();
}

/** Moves last_used_at forward unless another instance did within the minute. */
export async function touchKey(db: DB, keyId: number, at: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** Moves the generation every instance compares its cached keys against (key-cache.ts). */
export async function bumpKeyGeneration(trx: DB): Promise<void> {
  await trx
    .updateTable('api_key_changes')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function keyGeneration(db: DB): Promise<number> {
  const row = await db.selectFrom('api_key_changes').select('generation').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.generation) : 0;
}
