import type { DB } from '../../db/database';

/** A storefront's settings row: its id is the storefront's (row 1 is the provider's own store). */
export function getSettingsRow(db: DB, storefrontId: number) {
  return db.selectFrom('settings').selectAll().where('id', '=', storefrontId).executeTakeFirst();
}

export function listSliders(db: DB, storefrontId: number) {
  return db
    .selectFrom('sliders')
    .selectAll()
    .where('storefront_id', '=', storefrontId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
