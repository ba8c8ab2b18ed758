import { randomInt } from 'node:crypto';
import type { DB } from '../../db/database';
import type { Sealer } from '../../kernel/sealing';
import { now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import { hashPassword } from '../accounts';
import { replacePassword } from '../users';
import * as repo from './demo-repository';

/** Letters and digits a reader cannot mistake for another (no l, I, 1, O, o, 0) and no punctuation. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 14;

/** A password read off a terminal and typed by hand: 14 of 55 signs, about 80 bits. */
export function demoPassword(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export type DemoSignIn = {
  email: string;
  role: 'customer' | 'operator';
  /** Null once someone changed it: the demo no longer knows it. */
  password: string | null;
  /** The operator's two-factor key (base32), for an authenticator app or `oathtool --totp -b`. */
  setupKey: string | null;
};

export type DemoAccountSeed = { userId: number; password: string; passwordHash: string; setupKey: string | null };

/** Marks this database as the demo's and keeps its sign-ins, in the seed's transaction. */
export async function recordDemoStore(trx: DB, sealer: Sealer, accounts: DemoAccountSeed[]): Promise<void> {
  await repo.markDemoStore(trx, now());
  for (const a of accounts)
    await repo.insertDemoAccount(trx, {
      user_id: a.userId,
      password_enc: sealer.seal(a.password),
      password_hash: a.passwordHash,
      setup_key_enc: a.setupKey ? sealer.seal(a.setupKey) : null,
    });
}

/** Whether the demo seed made this database: only then do the demo's stand-ins run. */
export function isDemoStore(db: DB): Promise<boolean> {
  return repo.demoStoreExists(db);
}

export async function demoSignIns(db: DB, sealer: Sealer): Promise<DemoSignIn[]> {
  const rows = await repo.listDemoAccounts(db);
  return rows.map((r) => ({
    email: r.email,
    role: r.role === 'operator' ? 'operator' : 'customer',
    password: r.current_hash === r.password_hash ? sealer.open(r.password_enc) : null,
    setupKey: r.setup_key_enc ? sealer.open(r.setup_key_enc) : null,
  }));
}

/** A new demo password for one demo account (by e-mail); null when it is not a demo account. */
export async function resetDemoPassword(db: DB, sealer: Sealer, email: string): Promise<DemoSignIn | null> {
  const row = (await repo.listDemoAccounts(db)).find((r) => r.email === email.trim().toLowerCase());
  if (!row) return null;
  const password = demoPassword();
  const hash = await hashPassword(password);
  await work(db, async (trx) => {
    await replacePassword(trx, row.user_id, hash);
    await repo.updateDemoAccount(trx, row.user_id, { password_enc: sealer.seal(password), password_hash: hash });
  });
  return {
    email: row.email,
    role: row.role === 'operator' ? 'operator' : 'customer',
    password,
    setupKey: row.setup_key_enc ? sealer.open(row.setup_key_enc) : null,
  };
}
