import type { DB } from '../../db/database';
import { after } from '../../kernel/unit-of-work';
import { randomToken, sha256 } from '../../kernel/crypto';
import { inFuture, now } from '../../kernel/time';
import type { SessionUser } from '../../kernel/http/guard';
import type { SessionCache } from './session-cache';

/** A session without "remember me" ends after this long without a request. */
export const IDLE_SESSION_MS = 86_400_000;
/** How stale an idle session's expiry may get before a request pushes it forward (one write). */
const SLIDE_STEP_MS = 10 * 60_000;

/**
 * Issues a bearer token: 32 random bytes, stored only as its SHA-256. Remembered sessions
 * expire after ttlDays; the others after a day without use (the expiry slides with each use).
 */
export async function createSession(
  db: DB,
  userId: number,
  opts: { deviceToken?: string | null; ttlDays: number; remember?: boolean; confirmed?: boolean },
): Promise<string> {
  const token = randomToken(32);
  const remember = opts.remember ?? true;
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      device_token: opts.deviceToken ?? null,
      created_at: now(),
      expires_at: inFuture(remember ? opts.ttlDays * 86_400_000 : IDLE_SESSION_MS),
      revoked_at: null,
      remember: remember ? 1 : 0,
      // A password sign-in has just proved the password.
      confirmed_at: opts.confirmed ? now() : null,
    })
    .execute();
  return token;
}

export async function findSession(db: DB, cache: SessionCache, token: string): Promise<SessionUser | null> {
  const hash = sha256(token);
  const hit = cache.get(hash);
  if (hit) return hit;
  const ticket = cache.ticket();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as id',
      'users.role as role',
      'users.totp_enabled',
      'sessions.expires_at',
      'sessions.remember',
      'sessions.confirmed_at',
    ])
    .where('sessions.token_hash', '=', hash)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at <= now()) return null;
  let expiresAt = row.expires_at;
  if (row.remember === 0 && Date.parse(row.expires_at) < Date.now() + IDLE_SESSION_MS - SLIDE_STEP_MS) {
    expiresAt = inFuture(IDLE_SESSION_MS);
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', row.sessionId).execute();
  }
  const user: SessionUser = {
    id: row.id,
    role: row.role,
    sessionId: row.sessionId,
    twoFactor: row.totp_enabled === 1,
    confirmedAt: row.confirmed_at ?? null,
  };
  cache.remember(ticket, hash, user, expiresAt);
  return user;
}

export async function revokeSession(db: DB, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
  after(db, { kind: 'sessions-stale', sessionId });
}

/** Ends every session of the user but the one given (after a password or 2FA change). */
export async function revokeOtherSessions(db: DB, userId: number, keepSessionId: number | null): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
  await q.execute();
  after(db, { kind: 'sessions-stale', userId, ...(keepSessionId === null ? {} : { exceptSessionId: keepSessionId }) });
}

/** Marks the session's password as just confirmed (POST /user/confirm-password). */
export async function markConfirmed(db: DB, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ confirmed_at: now() }).where('id', '=', sessionId).execute();
  after(db, { kind: 'sessions-stale', sessionId });
}

/** For code that changes a user's role or sessions with its own SQL: stop trusting the cache (after the commit). */
export function forgetUserSessions(db: DB, userId: number): void {
  after(db, { kind: 'sessions-stale', userId });
}
