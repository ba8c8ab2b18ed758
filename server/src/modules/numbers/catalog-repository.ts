import type { Insertable, Updateable } from 'kysely';
import type { DB, NumberProvidersTable, NumberServicesTable } from '../../db/database';

/** The provider (one per store) and the services sold through it. */

export function findProvider(db: DB) {
  return db.selectFrom('number_providers').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export function findProviderById(db: DB, id: number) {
  return db.selectFrom('number_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertProvider(db: DB, values: Insertable<NumberProvidersTable>) {
  return db.insertInto('number_providers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateProvider(db: DB, id: number, set: Updateable<NumberProvidersTable>) {
  return db.updateTable('number_providers').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function listServices(db: DB, opts: { activeOnly: boolean }) {
  let q = db.selectFrom('number_services').selectAll();
  if (opts.activeOnly) q = q.where('active', '=', 1).where('price', '>', 0);
  const rows = await q.orderBy('name').orderBy('country_name').orderBy('id').execute();
  return rows.map(money);
}

export async function findService(db: DB, id: number) {
  const row = await db.selectFrom('number_services').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? money(row) : undefined;
}

export function insertService(db: DB, values: Insertable<NumberServicesTable>) {
  return db.insertInto('number_services').values(values).returningAll().executeTakeFirstOrThrow().then(money);
}

export async function updateService(db: DB, id: number, set: Updateable<NumberServicesTable>) {
  const row = await db.updateTable('number_services').set(set).where('id', '=', id).returningAll().executeTakeFirst();
  return row ? money(row) : undefined;
}

export function deleteService(db: DB, id: number) {
  return db.deleteFrom('number_services').where('id', '=', id).execute();
}

export async function serviceInUse(db: DB, id: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('number_activations').select('id').where('service_id', '=', id).limit(1).executeTakeFirst(),
  );
}

/** PostgreSQL returns bigint as text: money columns become numbers here, once. */
function money<T extends { price: number; price_syr: number; price_tr: number; cost: number | null }>(r: T): T {
  return {
    ...r,
    price: Number(r.price),
    price_syr: Number(r.price_syr),
    price_tr: Number(r.price_tr),
    cost: r.cost === null ? null : Number(r.cost),
  };
}

/** Another service of the provider already selling this app in this country, if any. */
export function findServiceByCode(db: DB, providerId: number, service: string, country: string) {
  return db
    .selectFrom('number_services')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('service', '=', service)
    .where('country', '=', country)
    .executeTakeFirst();
}
