import type { AdminUser, DebtEntry, userPatch } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { z } from 'zod';
import type { Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/database';
import { audit } from '../audit';
import { now } from '../../kernel/time';
import { debtHistory } from '../wallet';
import { updateUserRow } from './repository';
import { loadAdminUser } from './service';
import { keysChanged } from '../api-keys';

export type UserPatch = z.output<typeof userPatch>;

/** The console's user page: the user with their debt and its history, newest first. */
export async function userWithDebt(db: DB, id: number): Promise<{ user: AdminUser; entries: DebtEntry[] }> {
  const user = await loadAdminUser(db, id);
  const rows = await debtHistory(db, id);
  const entries = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: moneyToString(r.amount),
    debt_after: moneyToString(r.debt_after),
    reason: r.reason,
    created_at: r.created_at,
  }));
  return { user, entries };
}

/** Writes only the fields the operator named, and audits what actually changed. */
export async function updateUser(trx: DB, actorId: number, id: number, patch: UserPatch): Promise<AdminUser> {
  const before = await loadAdminUser(trx, id);
  const { api_access: apiAccess, ...fields } = patch;
  const set: Updateable<UsersTable> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (apiAccess !== undefined) set.api_access = apiAccess ? 1 : 0;
  if (Object.keys(set).length === 0) return before;
  await updateUserRow(trx, id, { ...set, updated_at: now() });
  // Its keys stop (or start) working on this instance now, on the others within a second.
  if (apiAccess !== undefined && apiAccess !== before.api_access) await keysChanged(trx, { userId: id });
  const after = await loadAdminUser(trx, id);
  const changed = (Object.keys(set) as Array<keyof AdminUser>).filter((k) => before[k] !== after[k]);
  if (changed.length) {
    await audit(
      trx,
      actorId,
      'user.update',
      'user',
      id,
      Object.fromEntries(changed.map((k) => [k, before[k]])),
      Object.fromEntries(changed.map((k) => [k, after[k]])),
    );
  }
  return after;
}
