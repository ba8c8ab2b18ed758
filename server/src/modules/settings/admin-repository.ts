import type { Insertable } from 'kysely';
import type { DB, SettingsTable } from '../../db/database';

/** A store started without the demo has no settings row until the first save creates it. */
export async function saveSettingsRow(db: DB, row: Omit<Insertable<SettingsTable>, 'id'>): Promise<void> {
  const exists = await db.selectFrom('settings').select('id').where('id', '=', 1).executeTakeFirst();
  if (exists) await db.updateTable('settings').set(row).where('id', '=', 1).execute();
  else
    await db
      .insertInto('settings')
      .values({ id: 1, ...row })
      .execute();
}
