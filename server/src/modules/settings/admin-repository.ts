import type { Insertable } from 'kysely';
import type { DB, SettingsTable } from '../../db/database';

/** A storefront started without the demo has no settings row until the first save creates it. */
export async function saveSettingsRow(
  db: DB,
  storefrontId: number,
  row: Omit<Insertable<SettingsTable>, 'id'>,
): Promise<void> {
  const exists = await db.selectFrom('settings').select('id').where('id', '=', storefrontId).executeTakeFirst();
  if (exists) await db.updateTable('settings').set(row).where('id', '=', storefrontId).execute();
  else
    await db
      .insertInto('settings')
      .values({ id: storefrontId, ...row })
      .execute();
}

/** Whether any storefront's settings still show this image (a new storefront starts with the provider's). */
export async function settingsImageInUse(db: DB, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('id')
    .where((eb) => eb.or([eb('logo', '=', url), eb('cover', '=', url)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
