import type { DB } from '../../db/database';
import { work } from '../../kernel/unit-of-work';
import { adjustStorefrontAccount, setStorefrontCreditLimit } from '../wallet';

/** An operator's credit or debit of a storefront's account, in its own transaction. */
export function adjustAccount(
  db: DB,
  actorId: number,
  storefrontId: number,
  change: { amount: number; reason: string },
) {
  return work(db, (trx) => adjustStorefrontAccount(trx, actorId, storefrontId, change));
}

/** An operator's new credit limit for a storefront's account, in its own transaction. */
export function limitAccount(db: DB, actorId: number, storefrontId: number, limit: number) {
  return work(db, (trx) => setStorefrontCreditLimit(trx, actorId, storefrontId, limit));
}
