import type { AdminUser } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import { forgetUserSessions, hashPassword, insertUser, isUniqueViolation } from '../accounts';
import { work } from '../../kernel/unit-of-work';
import { audit } from '../audit';
import { toAdminUser } from './dto';
import {
  customerWithEmail,
  findUserRow,
  findUsersByEmail,
  listStaffRows,
  revokeSessions,
  updateUserRow,
} from './repository';
import { staffMsg } from './staff-messages-ar';

/** A storefront's staff: the operator accounts bound to it, oldest first. */
export async function listStaff(db: DB, storefrontId: number): Promise<AdminUser[]> {
  return (await listStaffRows(db, storefrontId)).map(toAdminUser);
}

/**
 * A new staff account for the storefront: an operator bound to it (two-factor is still required
 * before it reaches the console, as for every operator). Its e-mail must be no account's yet: an
 * operator signs in on every host, so no customer anywhere may hold it either. The password is
 * hashed before the transaction opens; of two racing requests for one e-mail the loser gets the 422.
 */
export async function addStaff(
  db: DB,
  actorId: number,
  storefrontId: number,
  input: { email: string; password: string; name?: string | undefined },
): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  const taken = () => AppError.fields({ email: [staffMsg.emailTaken] });
  try {
    return await work(db, async (trx) => {
      if ((await findUsersByEmail(trx, input.email)).length > 0) throw taken();
      const id = await insertUser(trx, {
        email: input.email,
        name: input.name ?? staffMsg.defaultName,
        phone: '',
        passwordHash,
        role: 'operator',
        storefrontId,
      });
      const row = await findUserRow(trx, id);
      if (!row) throw new Error('the staff account was not written');
      const after = { email: input.email, storefront_id: storefrontId };
      await audit(trx, actorId, 'user.staff_add', 'user', id, null, after);
      return toAdminUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * Takes a staff account off the storefront: it becomes that storefront's customer (its history
 * and the audit log's entries keep their author) and is signed out everywhere. 404 for an id that
 * is not this storefront's staff; 409 when the storefront already has a customer with its e-mail.
 */
export async function removeStaff(trx: DB, actorId: number, storefrontId: number, userId: number): Promise<AdminUser> {
  const row = await findUserRow(trx, userId);
  const isStaff = row?.role === 'operator' && Number(row.storefront_id) === storefrontId;
  if (!row || !isStaff) throw new AppError('not_found', staffMsg.notStaff);
  if (await customerWithEmail(trx, storefrontId, row.email))
    throw new AppError('conflict', staffMsg.customerHoldsEmail);
  const t = now();
  await updateUserRow(trx, userId, { role: 'customer', updated_at: t });
  await revokeSessions(trx, userId, t);
  forgetUserSessions(trx, userId);
  await audit(trx, actorId, 'user.staff_remove', 'user', userId, { role: 'operator' }, { role: 'customer' });
  const after = await findUserRow(trx, userId);
  return toAdminUser(after ?? row);
}
