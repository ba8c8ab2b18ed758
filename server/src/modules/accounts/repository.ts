import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Database, DB, UsersTable } from '../../db/database';
import { now } from '../../kernel/time';

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Who may sign in on a storefront: its own customers and every operator (operators belong to no
 * storefront). An e-mail or a Google subject names at most one of them: customers' are unique
 * within their storefront, operators' among operators, and no customer holds an operator's
 * (emailTakenByOther, users/bootstrap.ts).
 */
const signsInOn = (storefrontId: number) => (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.or([eb('storefront_id', '=', storefrontId), eb('role', '=', 'operator')]);

export function findUserByEmail(db: DB, storefrontId: number, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where(signsInOn(storefrontId))
    .orderBy('id')
    .executeTakeFirst();
}

export function findUserByGoogleSubject(db: DB, storefrontId: number, subject: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('google_subject', '=', subject)
    .where(signsInOn(storefrontId))
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Whether an account other than `exceptUserId` holds the e-mail where it would clash: for a
 * customer of a storefront, that storefront's customers and the operators; for an operator
 * (`'everywhere'`), every account, since an operator signs in on every storefront.
 */
export async function emailTakenByOther(
  db: DB,
  email: string,
  scope: { storefrontId: number } | 'everywhere',
  exceptUserId: number | null,
): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (scope !== 'everywhere') q = q.where(signsInOn(scope.storefrontId));
  if (exceptUserId !== null) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export type NewUser = {
  email: string;
  name: string;
  phone: string;
  passwordHash: string | null;
  role: UsersTable['role'];
  googleSubject?: string | null;
  /**
   * A customer's storefront (1 when not given); an operator's is given only for a storefront's
   * staff, the provider's operators belong to none.
   */
  storefrontId?: number;
};

/**
 * A new account's row: what is given, and every other column at its starting value (no picture, no balance, no
 * two-factor).
 */
function newUserRow(user: NewUser): Insertable<UsersTable> {
  const t = now();
  return {
    email: user.email,
    name: user.name,
    phone: user.phone,
    img: null,
    password_hash: user.passwordHash,
    role: user.role,
    balance: 0,
    deposit: 0,
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled: 0,
    totp_last_step: 0,
    google_subject: user.googleSubject ?? null,
    storefront_id: user.storefrontId ?? (user.role === 'operator' ? null : 1),
    created_at: t,
    updated_at: t,
  };
}

/** Inserts an account and returns its id. */
export async function insertUser(db: DB, user: NewUser): Promise<number> {
  const { id } = await db.insertInto('users').values(newUserRow(user)).returning('id').executeTakeFirstOrThrow();
  return id;
}

export type NewCustomer = Pick<Insertable<UsersTable>, 'email' | 'name' | 'phone' | 'password_hash' | 'google_subject'>;

export async function insertCustomer(db: DB, storefrontId: number, user: NewCustomer) {
  return db
    .insertInto('users')
    .values(
      newUserRow({
        email: user.email,
        name: user.name,
        phone: user.phone,
        passwordHash: user.password_hash ?? null,
        role: 'customer',
        googleSubject: user.google_subject ?? null,
        storefrontId,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: DB, id: number, changes: Updateable<UsersTable>) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Links a Google subject to an account that has none (or already this one); undefined when another won. */
export function linkGoogleSubject(db: DB, id: number, subject: string) {
  return db
    .updateTable('users')
    .set({ google_subject: subject, updated_at: now() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('google_subject', 'is', null), eb('google_subject', '=', subject)]))
    .returningAll()
    .executeTakeFirst();
}

/** Two concurrent inserts of one email (or Google subject): the loser gets this, never a 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// ——— two-factor ———

/** Keeps a new, unconfirmed secret; a confirmed one is never touched (totp_enabled = 0 guard). */
export async function storePendingSecret(db: DB, userId: number, sealed: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_pending_secret: sealed, updated_at: now() })
    .where('id', '=', userId)
    .where('totp_enabled', '=', 0)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Turns the pending secret into the confirmed one, only if it is still the one the code was
 * checked against, and marks the confirming code's step as used.
 */
export async function confirmPendingSecret(db: DB, userId: number, sealed: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_secret: sealed, totp_pending_secret: null, totp_enabled: 1, totp_last_step: step, updated_at: now() })
    .where('id', '=', userId)
    .where('totp_enabled', '=', 0)
    .where('totp_pending_secret', '=', sealed)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function clearTwoFactor(db: DB, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled: 0, updated_at: now() })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
}

/**
 * Claims a TOTP time step for the user: succeeds once per step and never for a step at or
 * before one already used. The WHERE makes it atomic under any concurrency.
 */
export async function claimTotpStep(db: DB, userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled', '=', 1)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function replaceBackupCodes(db: DB, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('backup_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a backup code up: succeeds for exactly one caller. */
export async function claimBackupCode(db: DB, userId: number, hash: string): Promise<boolean> {
  const r = await db
    .updateTable('backup_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

// ——— second-factor challenges ———

export async function insertChallenge(
  db: DB,
  row: { id: string; userId: number; remember: boolean; deviceToken: string | null; expiresAt: string },
): Promise<void> {
  // Expired challenges of this user are no use to anyone: drop them as a new one is opened.
  await db
    .deleteFrom('two_factor_challenges')
    .where('user_id', '=', row.userId)
    .where('expires_at', '<', now())
    .execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      id: row.id,
      user_id: row.userId,
      remember: row.remember ? 1 : 0,
      device_token: row.deviceToken,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findChallengeOwner(db: DB, id: string) {
  return db.selectFrom('two_factor_challenges').select('user_id').where('id', '=', id).executeTakeFirst();
}

/**
 * Spends one attempt of a live challenge and returns it; undefined when it is unknown, used,
 * expired or out of attempts. Atomic, so parallel attempts cannot exceed the limit.
 */
export async function takeChallengeAttempt(db: DB, id: string, maxAttempts: number) {
  const t = now();
  const row = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', t)
    .where('attempts', '<', maxAttempts)
    .returning(['user_id', 'remember', 'device_token'])
    .executeTakeFirst();
  return row;
}

export async function markChallengeUsed(db: DB, id: string): Promise<boolean> {
  const r = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Two-factor on with a known (sealed) secret, skipping the pending step. */
export function setTotpSecret(db: DB, userId: number, sealedSecret: string) {
  return db
    .updateTable('users')
    .set({ totp_secret: sealedSecret, totp_pending_secret: null, totp_enabled: 1 })
    .where('id', '=', userId)
    .execute();
}

export function findUserByIdOrThrow(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
