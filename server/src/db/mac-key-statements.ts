import type { DB } from './database';

/**
 * The id of the HMAC key this database's MACs were made with: `keyId` when none was recorded yet
 * (a new store, or one from before it was recorded), which is then recorded.
 */
export async function recordedMacKeyId(db: DB, keyId: string, at: string): Promise<string> {
  await db
    .insertInto('mac_key')
    .values({ id: 1, key_id: keyId, recorded_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('mac_key').select('key_id').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.key_id;
}
