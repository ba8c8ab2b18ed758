import type { DB } from '../../db/database';

export function listPartnerRows(db: DB) {
  return db
    .selectFrom('partners')
    .select(['id', 'name', 'img', 'address', 'phone'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
