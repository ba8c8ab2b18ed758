import type { DB } from '../../db/database';
import { after } from '../../kernel/unit-of-work';
import { randomToken, sha256 } from '../../kernel/crypto';
import { inFuture, now } from '../../kernel/time';
import type { SessionUser } from '../../kernel/http/guard';
import { isOtherStorefrontsCustomer } from '../../kernel/http/storefront';
import type { SessionCache } from './session-cache';
import {
  findSessionByHash,
  insertSession,
  markSessionConfirmed,
  revokeSessionRow,
  revokeUserSessionRows,
  setSessionExpiry,
} from './session-repository';

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
  await insertSession(db, {
    user_id: userId,
    token_hash: sha256(token),
    device_token: opts.deviceToken ?? null,
    created_at: now(),
    expires_at: inFuture(remember ? opts.ttlDays * 86_400_000 : IDLE_SESSION_MS),
    revoked_at: null,
    remember: remember ? 1 : 0,
    // A password sign-in has just proved the password.
    confirmed_at: opts.confirmed ? now() : null,
  });
  return token;
}

/**
 * Why a session was revoked, as stored (sessions.revoked_reason): the 401 that the signed-out
 * device gets next names it (messages-ar.ts sessionEndedMsg).
 */
export type SessionEnd = 'logout' | 'password' | 'password-reset' | 'two-factor-on' | 'two-factor-off';

/** The token's live session, or why there is none (`ended`: revoked with a stated reason). */
export type SessionLookup = { user: SessionUser } | { user: null; ended: SessionEnd | null };

const fromCache = (hit: SessionUser, storefrontId: number | null): SessionLookup =>
  isOtherStorefrontsCustomer(hit, storefrontId) ? { user: null, ended: null } : { user: hit };

/**
 * `storefrontId`: the request's storefront, whose customers alone it serves (null: any, the
 * operator API). Another storefront's customer's session, live or ended, reads as an unknown token.
 * A session the cache holds is answered at once, without a promise (most requests); otherwise it
 * is read from the database.
 */
export function lookupSession(
  db: DB,
  cache: SessionCache,
  token: string,
  storefrontId: number | null,
): SessionLookup | Promise<SessionLookup> {
  const hash = sha256(token);
  const hit = cache.get(hash);
  return hit ? fromCache(hit, storefrontId) : readSession(db, cache, hash, storefrontId);
}

async function readSession(
  db: DB,
  cache: SessionCache,
  hash: string,
  storefrontId: number | null,
): Promise<SessionLookup> {
  const ticket = cache.ticket();
  const row = await findSessionByHash(db, hash);
  if (!row) return { user: null, ended: null };
  const owner = { role: row.role, storefrontId: row.storefront_id === null ? null : Number(row.storefront_id) };
  if (isOtherStorefrontsCustomer(owner, storefrontId)) return { user: null, ended: null };
  if (row.revoked_at !== null) return { user: null, ended: (row.revoked_reason as SessionEnd | null) ?? null };
  if (row.expires_at <= now()) return { user: null, ended: null };
  let expiresAt = row.expires_at;
  if (row.remember === 0 && Date.parse(row.expires_at) < Date.now() + IDLE_SESSION_MS - SLIDE_STEP_MS) {
    expiresAt = inFuture(IDLE_SESSION_MS);
    await setSessionExpiry(db, row.sessionId, expiresAt);
  }
  const user: SessionUser = {
    id: row.id,
    role: row.role,
    storefrontId: owner.storefrontId,
    sessionId: row.sessionId,
    twoFactor: row.totp_enabled === 1,
    confirmedAt: row.confirmed_at ?? null,
    apiKey: null,
  };
  cache.remember(ticket, hash, user, expiresAt);
  return { user };
}

/** The token's live session's user on any storefront, or null. */
export async function findSession(db: DB, cache: SessionCache, token: string): Promise<SessionUser | null> {
  return (await lookupSession(db, cache, token, null)).user;
}

export async function revokeSession(db: DB, sessionId: number, reason: SessionEnd): Promise<void> {
  await revokeSessionRow(db, sessionId, reason);
  after(db, { kind: 'sessions-stale', sessionId });
}

/** Ends every session of the user but the one given (after a password or 2FA change), saying why. */
export async function revokeOtherSessions(
  db: DB,
  userId: number,
  keepSessionId: number | null,
  reason: SessionEnd,
): Promise<void> {
  await revokeUserSessionRows(db, userId, keepSessionId, reason);
  after(db, { kind: 'sessions-stale', userId, ...(keepSessionId === null ? {} : { exceptSessionId: keepSessionId }) });
}

/** Marks the session's password as just confirmed (POST /user/confirm-password). */
export async function markConfirmed(db: DB, sessionId: number): Promise<void> {
  await markSessionConfirmed(db, sessionId);
  after(db, { kind: 'sessions-stale', sessionId });
}

/** For code that changes a user's role or sessions with its own SQL: stop trusting the cache (after the commit). */
export function forgetUserSessions(db: DB, userId: number): void {
  after(db, { kind: 'sessions-stale', userId });
}
