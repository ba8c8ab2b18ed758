import type { DB } from '../../db/database';
import { randomToken, sha256 } from '../../kernel/crypto';
import { inFuture } from '../../kernel/time';
import { hasTrustedDevice, insertTrustedDevice } from './session-repository';

/**
 * OWASP's device cookie, as a token (we use no cookies): a full sign-in hands the client a
 * `trusted_device` token; sending it with a later /login proves this device signed in to that
 * account before, so strangers' failed attempts do not slow it down. Only its hash is kept.
 */
export const TRUSTED_DEVICE_DAYS = 180;

export async function issueTrustedDevice(db: DB, userId: number): Promise<string> {
  const token = randomToken(32);
  await insertTrustedDevice(db, {
    token_hash: sha256(token),
    user_id: userId,
    expires_at: inFuture(TRUSTED_DEVICE_DAYS * 86_400_000),
  });
  return token;
}

/** Whether `token` was issued to the account with this e-mail and has not expired. */
export async function isTrustedDevice(db: DB, email: string, token: string): Promise<boolean> {
  return hasTrustedDevice(db, email, sha256(token));
}
