import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/repository';
import type { DB } from '../db/database';
import { now } from '../lib/time';
import { audit } from '../lib/audit';

export type OperatorAccount = { email: string; password?: string | undefined; name?: string | undefined };
export type BootstrapResult = { id: number; outcome: 'created' | 'promoted' | 'unchanged'; passwordSet: boolean };

/**
 * Makes `email` an operator: creates the account, or promotes an existing one. A password given
 * for an existing account replaces its password and ends its sessions (this is also how an
 * operator who lost theirs gets back in). The change is audited under the account itself,
 * since a shell has no operator identity.
 */
export async function ensureOperator(db: DB, account: OperatorAccount): Promise<BootstrapResult> {
  const email = account.email.trim().toLowerCase();
  const hash = account.password ? await hashPassword(account.password) : null;
  return db.transaction().execute(async (trx) => {
    const t = now();
    const existing = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    if (!existing) {
      if (!hash) throw new Error('a new operator needs a password');
      const id = await insertUser(trx, { email, name: account.name ?? 'مشرف المتجر', phone: '', passwordHash: hash, role: 'operator' });
      await audit(trx, id, 'user.operator_create', 'user', id, null, { email, role: 'operator', via: 'cli' });
      return { id, outcome: 'created', passwordSet: true };
    }
    const promote = existing.role !== 'operator';
    if (!promote && !hash) return { id: existing.id, outcome: 'unchanged', passwordSet: false };
    await trx
      .updateTable('users')
      .set({ role: 'operator', updated_at: t, ...(hash ? { password_hash: hash } : {}) })
      .where('id', '=', existing.id)
      .execute();
    if (hash) await trx.updateTable('sessions').set({ revoked_at: t }).where('user_id', '=', existing.id).where('revoked_at', 'is', null).execute();
    await audit(trx, existing.id, 'user.operator_promote', 'user', existing.id, { role: existing.role }, { role: 'operator', password_reset: Boolean(hash), via: 'cli' });
    return { id: existing.id, outcome: promote ? 'promoted' : 'unchanged', passwordSet: Boolean(hash) };
  });
}
