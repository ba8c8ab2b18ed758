import { work } from '../../kernel/unit-of-work';
import { hashPassword } from '../accounts';
import { insertUser } from '../accounts';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { now } from '../../kernel/time';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { findUsersByEmail, revokeSessions, storefrontExists, updateUserRow } from './repository';

export type OperatorAccount = {
  email: string;
  password?: string | undefined;
  name?: string | undefined;
  /** A storefront's staff account, bound to it; absent: the provider's operator (every storefront). */
  storefrontId?: number | undefined;
};
export type BootstrapResult = {
  id: number;
  outcome: 'created' | 'promoted' | 'rebound' | 'unchanged';
  passwordSet: boolean;
};

/**
 * Makes `email` an operator: creates the account, or promotes an existing one (the customer with
 * it of the storefront it will work for: the provider's store for the provider's operators, who
 * belong to no storefront; its own for a storefront's staff, `storefrontId`). The account is bound
 * as the command says: an existing operator named with another storefront, or without one, is
 * rebound ('rebound'). An operator signs in on every storefront, so its e-mail may be no other
 * storefront's customer's: such an e-mail is refused. A password given
 * for an existing account replaces its password and ends its sessions (this is also how an
 * operator who lost theirs gets back in). The change is audited under the account itself,
 * since a shell has no operator identity.
 */
export async function ensureOperator(db: DB, account: OperatorAccount): Promise<BootstrapResult> {
  const email = account.email.trim().toLowerCase();
  const hash = account.password ? await hashPassword(account.password) : null;
  const bound = account.storefrontId ?? null;
  return work(db, async (trx) => {
    const t = now();
    if (bound !== null && !(await storefrontExists(trx, bound))) throw new Error(`there is no storefront ${bound}`);
    const holders = await findUsersByEmail(trx, email);
    const existing =
      holders.find((u) => u.role === 'operator') ??
      holders.find((u) => Number(u.storefront_id) === (bound ?? PROVIDER_STOREFRONT));
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
        ...(bound === null ? {} : { storefrontId: bound }),
      });
      const created = { email, role: 'operator', storefront_id: bound, via: 'cli' };
      await audit(trx, id, 'user.operator_create', 'user', id, null, created);
      return { id, outcome: 'created', passwordSet: true };
    }
    const promote = existing.role !== 'operator';
    const rebind = !promote && (existing.storefront_id === null ? null : Number(existing.storefront_id)) !== bound;
    if (!promote && !rebind && !hash) return { id: existing.id, outcome: 'unchanged', passwordSet: false };
    await updateUserRow(trx, existing.id, {
      role: 'operator',
      storefront_id: bound,
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
      { role: existing.role, storefront_id: existing.storefront_id === null ? null : Number(existing.storefront_id) },
      { role: 'operator', storefront_id: bound, password_reset: Boolean(hash), via: 'cli' },
    );
    const outcome = promote ? 'promoted' : rebind ? 'rebound' : 'unchanged';
    return { id: existing.id, outcome, passwordSet: Boolean(hash) };
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
