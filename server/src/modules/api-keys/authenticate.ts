import type { FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors';
import { work } from '../../kernel/unit-of-work';
import type { SessionUser } from '../../kernel/http/guard';
import { isOtherStorefrontsCustomer } from '../../kernel/http/storefront';
import { addressRule } from './address-rule';
import type { CachedKey } from './key-cache';
import { keyMsg } from './messages-ar';
import { findKeyByHash, keyGeneration, touchKey } from './repository';
import { readToken, tokenHasher } from './token';

/** last_used_at moves at most this often per key: a busy key is not a write per request. */
export const LAST_USED_STEP_MS = 60_000;

/** The key's caller, or why there is none (`ended`: the Arabic msg of the 401 that follows). */
export type KeyLookup = { user: SessionUser } | { user: null; ended: string };

function fromRow(row: NonNullable<Awaited<ReturnType<typeof findKeyByHash>>>): CachedKey {
  return {
    keyId: row.keyId,
    userId: row.userId,
    role: row.role,
    storefrontId: row.storefront_id === null ? null : Number(row.storefront_id),
    twoFactor: row.totp_enabled === 1,
    mode: row.mode,
    apiAccess: row.api_access === 1,
    revoked: row.revoked_at !== null,
    // Checked when saved (service.ts); a list that no longer reads refuses every address.
    allows: (() => {
      try {
        return addressRule(row.allowed_ips === null ? null : (JSON.parse(row.allowed_ips) as string[]));
      } catch {
        return () => false;
      }
    })(),
    lastUsedAt: row.last_used_at === null ? null : Date.parse(row.last_used_at),
  };
}

/**
 * Who an `rsd_…` bearer token speaks for. A malformed token or a wrong checksum never reaches the
 * database. A key from an address it does not allow, or whose owner lost API access, is a 403
 * (thrown); an unknown or revoked key reads as no caller, and requireUser answers 401 with `ended`.
 * A key of another storefront's customer (`storefrontId`: the request's, null for any) is unknown
 * here, whatever its state: nothing tells it exists elsewhere.
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  token: string,
  storefrontId: number | null,
): Promise<KeyLookup> {
  if (!readToken(token)) return { user: null, ended: keyMsg.unknown };
  const { db, sealer, caches } = request.server;
  const hash = tokenHasher(sealer).hash(token);
  await caches.apiKeys.sync(() => keyGeneration(db));
  let key = caches.apiKeys.get(hash);
  if (!key) {
    const ticket = caches.apiKeys.ticket();
    const readAt = Date.now();
    const row = await findKeyByHash(db, hash);
    if (!row) return { user: null, ended: keyMsg.unknown };
    key = fromRow(row);
    caches.apiKeys.remember(ticket, hash, key, readAt);
  }
  if (isOtherStorefrontsCustomer(key, storefrontId)) return { user: null, ended: keyMsg.unknown };
  if (key.revoked) return { user: null, ended: keyMsg.wasRevoked };
  if (!key.apiAccess) throw new AppError('forbidden', keyMsg.accessOff);
  if (key.allows && !key.allows(request.ip)) throw new AppError('forbidden', keyMsg.addressRefused(request.ip));
  await recordUse(request, key);
  return {
    user: {
      id: key.userId,
      role: key.role,
      storefrontId: key.storefrontId,
      sessionId: null,
      twoFactor: key.twoFactor,
      confirmedAt: null,
      apiKey: { id: key.keyId, mode: key.mode },
    },
  };
}

/** One write a minute per key and instance at most; a failed write never fails the call. */
async function recordUse(request: FastifyRequest, key: CachedKey): Promise<void> {
  const at = Date.now();
  if (key.lastUsedAt !== null && at - key.lastUsedAt < LAST_USED_STEP_MS) return;
  key.lastUsedAt = at;
  try {
    // A short write on the request path: on SQLite it shares the commit (and its fsync) with the
    // orders queued at the same moment, instead of a commit of its own for each key's first call.
    await work(
      request.server.db,
      (trx) => touchKey(trx, key.keyId, new Date(at).toISOString(), new Date(at - LAST_USED_STEP_MS).toISOString()),
      { shareCommit: true },
    );
  } catch (err) {
    request.log.warn({ err }, 'api key: last_used_at not recorded');
  }
}
