import type { DB } from '../../db/database';

export function listPartnerRows(db: DB, storefrontId: number) {
  return db
    .selectFrom('partners')
    .select(['id', 'name', 'img', 'address', 'phone'])
    .where('storefront_id', '=', storefrontId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
