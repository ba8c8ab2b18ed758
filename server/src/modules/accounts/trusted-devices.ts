import type { DB } from '../../db/database';
import { randomToken, sha256 } from '../../kernel/crypto';
import { inFuture, now } from '../../kernel/time';

/**
 * OWASP's device cookie, as a token (we use no cookies): a full sign-in hands the client a
 * `trusted_device` token; sending it with a later /login proves this device signed in to that
 * account before, so strangers' failed attempts do not slow it down. Only its hash is kept.
 */
export const TRUSTED_DEVICE_DAYS = 180;

export async function issueTrustedDevice(db: DB, userId: number): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('trusted_devices')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now(),
      expires_at: inFuture(TRUSTED_DEVICE_DAYS * 86_400_000),
    })
    .execute();
  return token;
}

/** Whether `token` was issued to the account with this e-mail and has not expired. */
export async function isTrustedDevice(db: DB, email: string, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .innerJoin('users', 'users.id', 'trusted_devices.user_id')
    .select('trusted_devices.user_id')
    .where('trusted_devices.token_hash', '=', sha256(token))
    .where('users.email', '=', email)
    .where('trusted_devices.expires_at', '>', now())
    .executeTakeFirst();
  return row !== undefined;
}
