import type { AdminUser, Paginate } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { notify } from '../notifications';
import { credit, debit } from '../wallet';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { pageOf } from '../../kernel/http/paging';
import { toAdminUser } from './dto';
import { findUserRow, listUserRows, type UserSearch, userExists, userInStorefront } from './repository';

const PAGE_SIZE = 50;

export type UserFilter = UserSearch;

export async function listUsers(db: DB, f: UserFilter): Promise<{ users: AdminUser[]; paginate: Paginate }> {
  const { items, paginate } = pageOf(await listUserRows(db, f, PAGE_SIZE), f.page, PAGE_SIZE);
  return { users: items.map(toAdminUser), paginate };
}

/** A user outside the caller's storefront (a staff account's) is answered as one that does not exist. */
export async function assertReachableUser(db: DB, id: number, storefront: number | null): Promise<void> {
  if (!(await userInStorefront(db, id, storefront))) throw new AppError('not_found', operatorMsg.userNotFound);
}

/** The user as the console shows them; 404 when there is no such user. */
export async function loadAdminUser(db: DB, id: number): Promise<AdminUser> {
  const row = await findUserRow(db, id);
  if (!row) throw new AppError('not_found', operatorMsg.userNotFound);
  return toAdminUser(row);
}

/**
 * A manual balance correction: positive credits, negative debits, always with a reason that
 * the customer reads on the ledger line and in a notification. A debit larger than the balance
 * is refused (the balance never goes below zero).
 */
export async function adjustBalance(
  trx: DB,
  actorId: number,
  userId: number,
  amount: number,
  reason: string,
): Promise<AdminUser> {
  if (!(await userExists(trx, userId))) throw new AppError('not_found', operatorMsg.userNotFound);
  const info = operatorMsg.adjustInfo(reason);
  let after: number;
  try {
    after =
      amount > 0
        ? await credit(trx, userId, amount, info, { type: 'adjust', id: null })
        : await debit(trx, userId, -amount, info, { type: 'adjust', id: null });
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient_balance')
      throw AppError.fields({ amount: [operatorMsg.adjustTooLarge] });
    throw err;
  }
  // Derived from the atomic update's result, so it is right even when adjustments race.
  const before = after - amount;
  await audit(
    trx,
    actorId,
    'user.adjust',
    'user',
    userId,
    { balance: moneyToString(before) },
    { balance: moneyToString(after), amount: moneyToString(amount), reason },
  );
  await notify(
    trx,
    userId,
    operatorMsg.adjustNotice.title,
    operatorMsg.adjustNotice.msg(moneyToString(amount), reason),
  );
  return loadAdminUser(trx, userId);
}
