import type { DB } from '../../db/database';
import { randomToken, sha256 } from '../../kernel/crypto';
import type { Sealer } from '../../kernel/sealing';
import { inFuture } from '../../kernel/time';
import { hasTrustedDevice, insertTrustedDevice } from './session-repository';

/**
 * OWASP's device cookie, as a token (we use no cookies): a full sign-in hands the client a
 * `trusted_device` token; sending it with a later /login proves this device signed in to that
 * account before, so strangers' failed attempts do not slow it down or limit it; so does the
 * address of a sign-in (isKnownSignIn). Only hashes are kept.
 */
export const TRUSTED_DEVICE_DAYS = 180;

export async function issueTrustedDevice(db: DB, sealer: Sealer, userId: number, address?: string): Promise<string> {
  const token = randomToken(32);
  await insertTrustedDevice(db, {
    token_hash: sha256(token),
    user_id: userId,
    expires_at: inFuture(TRUSTED_DEVICE_DAYS * 86_400_000),
    address_mac: address ? addressMac(sealer, address) : null,
  });
  return token;
}

/** The address as it is kept: an HMAC with the app key, which no table leak turns back into the address. */
const addressMac = (sealer: Sealer, address: string) => sealer.mac(`sign-in address:${address}`);

/**
 * Whether this sign-in comes from somewhere the account (the storefront's customer, or an
 * operator) signed in from before: a trusted-device token issued to it, or the address of such
 * a sign-in, not expired.
 */
export async function isKnownSignIn(
  db: DB,
  sealer: Sealer,
  storefrontId: number,
  email: string,
  from: { deviceToken: string | null; address: string },
): Promise<boolean> {
  return hasTrustedDevice(db, storefrontId, email, {
    tokenHash: from.deviceToken ? sha256(from.deviceToken) : null,
    addressMac: addressMac(sealer, from.address),
  });
}
