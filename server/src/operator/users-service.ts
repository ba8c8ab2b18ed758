import type { AdminUser, Paginate } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { type Selectable, sql } from 'kysely';
import { toUserDto } from '../auth/user-dto';
import type { DB, UsersTable } from '../db/database';
import { AppError } from '../lib/errors';
import { msg } from '../lib/messages-ar';
import { notify } from '../notifications/notify';
import { credit, debit } from '../wallet/ledger';
import { audit } from '../lib/audit';
import { operatorMsg } from './messages-ar';
import { likePattern, pageOf, pageWindow } from './paging';

const PAGE_SIZE = 50;

export function toAdminUser(row: Selectable<UsersTable>): AdminUser {
  return { ...toUserDto(row), created_at: row.created_at, credit_limit: row.credit_limit === null ? null : moneyToString(row.credit_limit) };
}

export type UserFilter = { search?: string | undefined; role: 'customer' | 'operator' | 'all'; page: number };

export async function listUsers(db: DB, f: UserFilter): Promise<{ users: AdminUser[]; paginate: Paginate }> {
  let q = db.selectFrom('users').selectAll();
  if (f.role !== 'all') q = q.where('role', '=', f.role);
  if (f.search) {
    const pattern = likePattern(f.search);
    const id = /^#?(\d{1,9})$/.exec(f.search);
    q = q.where((eb) =>
      eb.or([
        ...(['name', 'email', 'phone'] as const).map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`),
        ...(id ? [eb('id', '=', Number(id[1]))] : []),
      ]),
    );
  }
  const { limit, offset } = pageWindow(f.page, PAGE_SIZE);
  const rows = await q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const { items, paginate } = pageOf(rows, f.page, PAGE_SIZE);
  return { users: items.map(toAdminUser), paginate };
}

/**
 * A manual balance correction: positive credits, negative debits, always with a reason that
 * the customer reads on the ledger line and in a notification. A debit larger than the balance
 * is refused (the balance never goes below zero).
 */
export async function adjustBalance(trx: DB, actorId: number, userId: number, amount: number, reason: string): Promise<AdminUser> {
  const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', operatorMsg.userNotFound);
  const info = operatorMsg.adjustInfo(reason);
  let after: number;
  try {
    after = amount > 0 ? await credit(trx, userId, amount, info, { type: 'adjust', id: null }) : await debit(trx, userId, -amount, info, { type: 'adjust', id: null });
  } catch (err) {
    if (err instanceof AppError && err.message === msg.insufficientBalance) throw AppError.fields({ amount: [operatorMsg.adjustTooLarge] });
    throw err;
  }
  // Derived from the atomic update's result, so it is right even when adjustments race.
  const before = after - amount;
  await audit(trx, actorId, 'user.adjust', 'user', userId, { balance: moneyToString(before) }, { balance: moneyToString(after), amount: moneyToString(amount), reason });
  await notify(trx, userId, operatorMsg.adjustNotice.title, operatorMsg.adjustNotice.msg(moneyToString(amount), reason));
  return toAdminUser(await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow());
}
