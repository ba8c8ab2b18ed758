import { lend, repay } from '../wallet';
import type { DB } from '../../db/database';
import { updateUser } from './edit-service';
import { adjustBalance, assertReachableUser } from './service';
import { sendNotice } from './notices-service';
import { command } from '../../kernel/unit-of-work';

/**
 * A rule on one user, for a caller limited to a storefront (`storefront`: a staff account's, null
 * for the provider's operators): another storefront's customer, or an operator, is a 404 like an
 * unknown id, checked in the rule's own transaction so nothing is written.
 */
function onReachableUser<A extends unknown[], R>(
  rule: (trx: DB, actorId: number, userId: number, ...rest: A) => Promise<R>,
) {
  return command(async (trx: DB, storefront: number | null, actorId: number, userId: number, ...rest: A) => {
    await assertReachableUser(trx, userId, storefront);
    return rule(trx, actorId, userId, ...rest);
  });
}

export const updateUserCommand = onReachableUser(updateUser);
export const adjustBalanceCommand = onReachableUser(adjustBalance);
export const sendNoticeCommand = command(sendNotice);
export const lendCommand = onReachableUser(lend);
export const repayCommand = onReachableUser(repay);
