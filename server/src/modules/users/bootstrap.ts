import { work } from '../../kernel/unit-of-work';
import { hashPassword } from '../accounts';
import { insertUser } from '../accounts';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { now } from '../../kernel/time';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { findUsersByEmail, revokeSessions, updateUserRow } from './repository';

export type OperatorAccount = { email: string; password?: string | undefined; name?: string | undefined };
export type BootstrapResult = { id: number; outcome: 'created' | 'promoted' | 'unchanged'; passwordSet: boolean };

/**
 * Makes `email` an operator: creates the account, or promotes an existing one (the provider's
 * store's customer with it; the promoted account leaves its storefront, as operators belong to
 * none). An operator signs in on every storefront, so its e-mail may be no other storefront's
 * customer's: such an e-mail is refused. A password given
 * for an existing account replaces its password and ends its sessions (this is also how an
 * operator who lost theirs gets back in). The change is audited under the account itself,
 * since a shell has no operator identity.
 */
export async function ensureOperator(db: DB, account: OperatorAccount): Promise<BootstrapResult> {
  const email = account.email.trim().toLowerCase();
  const hash = account.password ? await hashPassword(account.password) : null;
  return work(db, async (trx) => {
    const t = now();
    const holders = await findUsersByEmail(trx, email);
    const existing =
      holders.find((u) => u.role === 'operator') ??
      holders.find((u) => Number(u.storefront_id) === PROVIDER_STOREFRONT);
    const elsewhere = holders.filter((u) => u !== existing && u.role === 'customer');
    if (existing?.role !== 'operator' && elsewhere.length > 0) {
      const where = [...new Set(elsewhere.map((u) => u.storefront_id))].join(', ');
      throw new Error(`${email} is a customer's on storefront ${where}: an operator needs an e-mail no customer holds`);
    }
    if (!existing) {
      if (!hash) throw new Error('a new operator needs a password');
      const id = await insertUser(trx, {
        email,
        name: account.name ?? 'مشرف المتجر',
        phone: '',
        passwordHash: hash,
        role: 'operator',
      });
      await audit(trx, id, 'user.operator_create', 'user', id, null, { email, role: 'operator', via: 'cli' });
      return { id, outcome: 'created', passwordSet: true };
    }
    const promote = existing.role !== 'operator';
    if (!promote && !hash) return { id: existing.id, outcome: 'unchanged', passwordSet: false };
    await updateUserRow(trx, existing.id, {
      role: 'operator',
      storefront_id: null,
      updated_at: t,
      ...(hash ? { password_hash: hash } : {}),
    });
    if (hash) await revokeSessions(trx, existing.id, t);
    await audit(
      trx,
      existing.id,
      'user.operator_promote',
      'user',
      existing.id,
      { role: existing.role },
      { role: 'operator', password_reset: Boolean(hash), via: 'cli' },
    );
    return { id: existing.id, outcome: promote ? 'promoted' : 'unchanged', passwordSet: Boolean(hash) };
  });
}

/**
 * A new password for an account from the shell (`npm run operator -- demo --reset`): its
 * sessions end, and the change is audited under the account itself, as above.
 */
export async function replacePassword(trx: DB, userId: number, passwordHash: string): Promise<void> {
  const t = now();
  await updateUserRow(trx, userId, { password_hash: passwordHash, updated_at: t });
  await revokeSessions(trx, userId, t);
  await audit(trx, userId, 'user.password_reset', 'user', userId, null, { via: 'cli' });
}
