import { type Selectable, sql, type Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/database';
import { likePattern, pageWindow } from '../../kernel/http/paging';
import { textCandidates } from '../../db/text-search';

export type UserRow = Selectable<UsersTable>;
export type UserSearch = {
  search?: string | undefined;
  role: 'customer' | 'operator' | 'all';
  /** Only this storefront's customers. */
  storefront?: number | undefined;
  page: number;
};

/**
 * One page of users, newest first (one row more than the page, to tell whether a next page exists).
 * A search looks up the users the text index says may match (db/text-search.ts), when they are few.
 */
export async function listUserRows(db: DB, f: UserSearch, size: number): Promise<UserRow[]> {
  let q = db.selectFrom('users').selectAll();
  if (f.role !== 'all') q = q.where('role', '=', f.role);
  if (f.storefront !== undefined) q = q.where('storefront_id', '=', f.storefront);
  if (f.search) {
    const pattern = likePattern(f.search);
    const id = /^#?(\d{1,9})$/.exec(f.search);
    const candidates = await textCandidates(db, 'users', f.search);
    const ids = candidates && [...new Set([...candidates, ...(id ? [Number(id[1])] : [])])];
    if (ids?.length === 0) return [];
    if (ids) q = q.where('id', 'in', ids);
    q = q.where((eb) =>
      eb.or([
        ...(['name', 'email', 'phone'] as const).map(
          (col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`,
        ),
        ...(id ? [eb('id', '=', Number(id[1]))] : []),
      ]),
    );
  }
  const { limit, offset } = pageWindow(f.page, size);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findUserRow(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userExists(db: DB, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Whether a caller limited to `storefront` reaches the user: every user when null (the provider's
 * operators), else only that storefront's customers (a storefront's staff never reach operators).
 */
export async function userInStorefront(db: DB, id: number, storefront: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('id', '=', id);
  if (storefront !== null) q = q.where('storefront_id', '=', storefront).where('role', '=', 'customer');
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether any account exists at all: a store without one is new (bootstrap seeds the demo there). */
export async function anyUserExists(db: DB): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Every account with this e-mail: an operator's, and customers' of any storefront. */
export function findUsersByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'storefront_id'])
    .where('email', '=', email)
    .orderBy('id')
    .execute();
}

export async function updateUserRow(db: DB, id: number, set: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** Ends every open session of the user (after an operator reset their password). */
export async function revokeSessions(db: DB, userId: number, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A storefront's staff accounts (operators bound to it), oldest first. */
export function listStaffRows(db: DB, storefrontId: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('storefront_id', '=', storefrontId)
    .where('role', '=', 'operator')
    .orderBy('id')
    .execute();
}

/** Whether the storefront has a customer with this e-mail. */
export async function customerWithEmail(db: DB, storefrontId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('storefront_id', '=', storefrontId)
    .where('role', '=', 'customer')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a storefront has this id: the shell binds a staff account without the app's map of
 * storefronts (the operator API checks that map).
 */
export async function storefrontExists(db: DB, id: number): Promise<boolean> {
  return (await db.selectFrom('storefronts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
