import type { DB } from '../db/database';
import { randomToken, sha256 } from '../lib/crypto';
import { inFuture, now } from '../lib/time';
import { cachedSession, forgetSessions, rememberSession } from './session-cache';

export type SessionUser = { id: number; role: 'customer' | 'operator'; sessionId: number };

/** Issues a bearer token: 32 random bytes, stored only as its SHA-256, expiring after ttlDays. */
export async function createSession(
  db: DB,
  userId: number,
  opts: { deviceToken?: string | null; ttlDays: number },
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      device_token: opts.deviceToken ?? null,
      created_at: now(),
      expires_at: inFuture(opts.ttlDays * 86_400_000),
      revoked_at: null,
    })
    .execute();
  return token;
}

export async function findSession(db: DB, token: string): Promise<SessionUser | null> {
  const hash = sha256(token);
  const hit = cachedSession(hash);
  if (hit) return hit;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as id', 'users.role as role', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', hash)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at <= now()) return null;
  const user: SessionUser = { id: row.id, role: row.role, sessionId: row.sessionId };
  rememberSession(hash, user, row.expires_at);
  return user;
}

export async function revokeSession(db: DB, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
  forgetSessions((u) => u.sessionId === sessionId);
}

/** Ends every session of the user but the one given (after a password or 2FA change). */
export async function revokeOtherSessions(db: DB, userId: number, keepSessionId: number | null): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
  await q.execute();
  forgetSessions((u) => u.id === userId && u.sessionId !== keepSessionId);
}

/** For code that changes a user's role or sessions with its own SQL: stop trusting the cache. */
export function forgetUserSessions(userId: number): void {
  forgetSessions((u) => u.id === userId);
}
