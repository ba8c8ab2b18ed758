import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { StorefrontsTable } from './tables';

export type StorefrontRow = Selectable<StorefrontsTable>;

export function listStorefrontRows(db: DB): Promise<StorefrontRow[]> {
  return db.selectFrom('storefronts').selectAll().orderBy('id').execute();
}

export function findStorefrontRow(db: DB, id: number): Promise<StorefrontRow | undefined> {
  return db.selectFrom('storefronts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertStorefrontRow(db: DB, row: Insertable<StorefrontsTable>): Promise<StorefrontRow> {
  return db.insertInto('storefronts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateStorefrontRow(db: DB, id: number, set: Updateable<StorefrontsTable>): Promise<StorefrontRow> {
  return db.updateTable('storefronts').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Every host and origin with its storefront, for the in-memory map and the lists. */
export async function allAddresses(
  db: DB,
): Promise<{ hosts: { host: string; storefront_id: number }[]; origins: { origin: string; storefront_id: number }[] }> {
  const [hosts, origins] = await Promise.all([
    db.selectFrom('storefront_hosts').select(['host', 'storefront_id']).orderBy('host').execute(),
    db.selectFrom('storefront_origins').select(['origin', 'storefront_id']).orderBy('origin').execute(),
  ]);
  return {
    hosts: hosts.map((h) => ({ host: h.host, storefront_id: Number(h.storefront_id) })),
    origins: origins.map((o) => ({ origin: o.origin, storefront_id: Number(o.storefront_id) })),
  };
}

export async function addressesOf(db: DB, id: number): Promise<{ hosts: string[]; origins: string[] }> {
  const [hosts, origins] = await Promise.all([
    db.selectFrom('storefront_hosts').select('host').where('storefront_id', '=', id).orderBy('host').execute(),
    db.selectFrom('storefront_origins').select('origin').where('storefront_id', '=', id).orderBy('origin').execute(),
  ]);
  return { hosts: hosts.map((h) => h.host), origins: origins.map((o) => o.origin) };
}

/** Which of these hosts another storefront already holds, with its id. */
export function hostsTakenElsewhere(db: DB, id: number | null, hosts: string[]) {
  if (hosts.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('storefront_hosts').select(['host', 'storefront_id']).where('host', 'in', hosts);
  if (id !== null) q = q.where('storefront_id', '<>', id);
  return q.execute();
}

export function originsTakenElsewhere(db: DB, id: number | null, origins: string[]) {
  if (origins.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('storefront_origins').select(['origin', 'storefront_id']).where('origin', 'in', origins);
  if (id !== null) q = q.where('storefront_id', '<>', id);
  return q.execute();
}

export async function replaceHosts(db: DB, id: number, hosts: string[]): Promise<void> {
  await db.deleteFrom('storefront_hosts').where('storefront_id', '=', id).execute();
  if (hosts.length) {
    await db
      .insertInto('storefront_hosts')
      .values(hosts.map((host) => ({ host, storefront_id: id })))
      .execute();
  }
}

export async function replaceOrigins(db: DB, id: number, origins: string[]): Promise<void> {
  await db.deleteFrom('storefront_origins').where('storefront_id', '=', id).execute();
  if (origins.length) {
    await db
      .insertInto('storefront_origins')
      .values(origins.map((origin) => ({ origin, storefront_id: id })))
      .execute();
  }
}

/** Moves the generation every instance compares its map against (directory.ts). */
export async function bumpStorefrontGeneration(trx: DB): Promise<void> {
  await trx
    .updateTable('storefront_changes')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function storefrontGeneration(db: DB): Promise<number> {
  const row = await db.selectFrom('storefront_changes').select('generation').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.generation) : 0;
}

/** A unique-key violation on either engine: another write took the host or origin first. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
