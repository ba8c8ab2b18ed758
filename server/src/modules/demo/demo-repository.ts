import type { DB, DemoAccountsTable } from '../../db/database';

export function markDemoStore(db: DB, createdAt: string) {
  return db.insertInto('demo_store').values({ id: 1, created_at: createdAt }).execute();
}

export async function demoStoreExists(db: DB): Promise<boolean> {
  return Boolean(await db.selectFrom('demo_store').select('id').where('id', '=', 1).executeTakeFirst());
}

export function insertDemoAccount(db: DB, row: DemoAccountsTable) {
  return db.insertInto('demo_accounts').values(row).execute();
}

export function updateDemoAccount(
  db: DB,
  userId: number,
  set: Pick<DemoAccountsTable, 'password_enc' | 'password_hash'>,
) {
  return db.updateTable('demo_accounts').set(set).where('user_id', '=', userId).execute();
}

/** The demo's accounts, each with whether its password is still the one the demo gave it. */
export function listDemoAccounts(db: DB) {
  return db
    .selectFrom('demo_accounts as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.user_id', 'd.password_enc', 'd.setup_key_enc', 'u.email', 'u.role', 'd.password_hash'])
    .select('u.password_hash as current_hash')
    .orderBy('u.role')
    .orderBy('u.id')
    .execute();
}
