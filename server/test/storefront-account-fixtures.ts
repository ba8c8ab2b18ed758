import type { DB } from '../src/db/database';

/** A storefront's account balance as the store counts it: its row's share and its slots' (PostgreSQL). */
export async function accountTotal(db: DB, storefrontId: number): Promise<number> {
  const main = await db
    .selectFrom('storefront_accounts')
    .select('balance')
    .where('storefront_id', '=', storefrontId)
    .executeTakeFirst();
  const slots = await db
    .selectFrom('storefront_account_slots')
    .select('balance')
    .where('storefront_id', '=', storefrontId)
    .execute();
  return Number(main?.balance ?? 0) + slots.reduce((sum, s) => sum + Number(s.balance), 0);
}

/** Sets the account's balance by hand (a test's drift or an empty account): its row holds all of it. */
export async function setAccountBalance(db: DB, storefrontId: number, balance: number): Promise<void> {
  await db
    .updateTable('storefront_account_slots')
    .set({ balance: 0 })
    .where('storefront_id', '=', storefrontId)
    .execute();
  await db.updateTable('storefront_accounts').set({ balance }).where('storefront_id', '=', storefrontId).execute();
}
