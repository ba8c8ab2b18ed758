import type { Insertable } from 'kysely';
import type { DB, SessionsTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { now } from '../../kernel/time';

export function insertSession(db: DB, values: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(values).execute();
}

/**
 * The session of a token with what the guard needs of its user: a query template, since every
 * request whose token is not in the session cache reads it (a restarted store, for each of its
 * customers at once; docs/performance.md#new-connections-wait-for-the-event-loop).
 */
const sessionByHash = queryTemplate(['tokenHash'], (db, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as id',
      'users.role as role',
      'users.storefront_id',
      'users.totp_enabled',
      'sessions.expires_at',
      'sessions.remember',
      'sessions.confirmed_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
    ])
    .where('sessions.token_hash', '=', v.tokenHash),
);

/**
 * The session of a token, revoked or not, with what the guard needs of its user; whether it
 * still lives (not revoked, not expired) is the caller's to check, and why it ended is here too.
 */
export async function findSessionByHash(db: DB, tokenHash: string) {
  return (await sessionByHash(db, { tokenHash })).rows[0];
}

/** Whether the session is neither revoked nor expired (an open event stream asks, without sliding the expiry). */
export async function isSessionLive(db: DB, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return row !== undefined;
}

export function setSessionExpiry(db: DB, sessionId: number, expiresAt: string) {
  return db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export function revokeSessionRow(db: DB, sessionId: number, reason: string | null) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .execute();
}

/** Every live session of the user but `keepSessionId` (null: all of them). */
export function revokeUserSessionRows(db: DB, userId: number, keepSessionId: number | null, reason: string | null) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
  return q.execute();
}

export function markSessionConfirmed(db: DB, sessionId: number) {
  return db.updateTable('sessions').set({ confirmed_at: now() }).where('id', '=', sessionId).execute();
}

export function insertTrustedDevice(
  db: DB,
  values: { token_hash: string; user_id: number; expires_at: string; address_mac: string | null },
) {
  return db
    .insertInto('trusted_devices')
    .values({ ...values, created_at: now() })
    .execute();
}

/** Whether a live trusted-device token (by hash) belongs to the account with this e-mail on the storefront. */
export async function hasTrustedDevice(
  db: DB,
  storefrontId: number,
  email: string,
  by: { tokenHash: string | null; addressMac: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .innerJoin('users', 'users.id', 'trusted_devices.user_id')
    .select('trusted_devices.user_id')
    .where((eb) =>
      eb.or([
        eb('trusted_devices.address_mac', '=', by.addressMac),
        ...(by.tokenHash ? [eb('trusted_devices.token_hash', '=', by.tokenHash)] : []),
      ]),
    )
    .where('users.email', '=', email)
    .where((eb) => eb.or([eb('users.storefront_id', '=', storefrontId), eb('users.role', '=', 'operator')]))
    .where('trusted_devices.expires_at', '>', now())
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the devices and addresses that signed in to the account (a password reset: whoever had it may have). */
export function deleteTrustedDevices(db: DB, userId: number) {
  return db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}

/** Records a Google token id until it expires; false when it was seen before (a replay). */
export async function recordGoogleToken(db: DB, tokenId: string, expiresAt: string): Promise<boolean> {
  await db.deleteFrom('google_tokens_seen').where('expires_at', '<', now()).execute();
  const claimed = await db
    .insertInto('google_tokens_seen')
    .values({ token_hash: tokenId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}
