import { work } from '../../server/src/kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import type { User } from '@raseed/contract';
import { hashPassword } from '../../server/src/modules/accounts/passwords';
import { insertUser } from '../../server/src/modules/accounts/repository';
import { createSession } from '../../server/src/modules/accounts/sessions';
import { loadUserDto } from '../../server/src/modules/accounts/user-dto';
import { connect, type DbHandle } from '../../server/src/db/connect';
import { credit } from '../../server/src/modules/wallet/ledger';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSealer } from '../../server/src/kernel/sealing';
import { newTotpSecret } from '../../server/src/modules/accounts/totp';
import type { RunningStore } from './server';

/**
 * Direct access to a running store's database, through the server's own service functions —
 * for arranging a journey (a funded customer, an operator decision) without clicking through
 * screens another test already covers. SQLite in WAL mode allows this second connection.
 */
export async function openStoreDb(store: RunningStore): Promise<DbHandle> {
  return connect({ dataDir: store.dataDir, ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}) });
}

export type Customer = { id: number; email: string; password: string; token: string; user: User };

export async function createCustomer(
  store: RunningStore,
  opts: { balance?: number; role?: 'customer' | 'operator'; name?: string; storefrontId?: number } = {},
): Promise<Customer> {
  const h = await openStoreDb(store);
  try {
    const email = `e2e-${randomBytes(4).toString('hex')}@test.local`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const id = await insertUser(h.db, {
      email,
      name: opts.name ?? 'زبون الاختبار',
      phone: '+963911111111',
      passwordHash: await hashPassword(password),
      role: opts.role ?? 'customer',
      ...(opts.storefrontId ? { storefrontId: opts.storefrontId } : {}),
    });
    // The console requires two-factor on; the session below is made directly, so no secret is needed.
    if (opts.role === 'operator')
      await h.db.updateTable('users').set({ totp_enabled: 1 }).where('id', '=', id).execute();
    if (opts.balance) {
      const amount = opts.balance;
      await work(h.db, (trx) => credit(trx, id, amount, 'رصيد اختبار', { type: 'adjust', id: null }));
    }
    const token = await createSession(h.db, id, { ttlDays: 1 });
    return { id, email, password, token, user: await loadUserDto(h.db, id) };
  } finally {
    await h.close();
  }
}

/** The store's own sealer, from the app.key in its data directory (the e2e stores set no APP_KEY). */
function storeSealer(store: RunningStore) {
  return createSealer(Buffer.from(readFileSync(path.join(store.dataDir, 'app.key'), 'utf8').trim(), 'hex'));
}

/**
 * A supplier as saved while it answered: a save through the API tries the connection first, so
 * a supplier that is down now (for the failure journeys) is written here.
 */
export async function insertSupplier(
  store: RunningStore,
  s: { name: string; base_url: string; email: string; password: string },
): Promise<number> {
  const h = await openStoreDb(store);
  try {
    const t = new Date().toISOString();
    const row = await h.db
      .insertInto('suppliers')
      .values({
        name: s.name,
        kind: 'raseed',
        base_url: s.base_url,
        email: s.email,
        password_enc: storeSealer(store).seal(s.password),
        token_enc: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await h.close();
  }
}

/**
 * Gives a user an authenticator, as if they had set two-factor up: a fresh secret sealed with
 * the store's own key (the app.key in its data directory). Returns the setup key, for
 * `authenticatorCode`.
 */
export async function giveAuthenticator(store: RunningStore, userId: number): Promise<string> {
  const secret = newTotpSecret();
  const h = await openStoreDb(store);
  try {
    await h.db
      .updateTable('users')
      .set({ totp_enabled: 1, totp_secret: storeSealer(store).seal(secret) })
      .where('id', '=', userId)
      .execute();
  } finally {
    await h.close();
  }
  return secret;
}
