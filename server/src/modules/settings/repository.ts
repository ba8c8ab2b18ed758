import type { DB } from '../../db/database';

export function getSettingsRow(db: DB) {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export function listSliders(db: DB) {
  return db.selectFrom('sliders').selectAll().orderBy('sort').orderBy('id').execute();
}
