import type { Sealer } from '../../kernel/sealing';
import { randomToken, safeEqual, sha256 } from '../../kernel/crypto';

/** How long a password-checked sign-in waits for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Code attempts one challenge allows before the password must be entered again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * The `id2fa` handed to the client: a random reference plus its HMAC under the app key. It names
 * no user; the database keeps only the reference's hash, so neither a guessed user id nor a
 * copied table row can stand in for a password-checked sign-in.
 */
export function newChallengeId(sealer: Sealer): { id2fa: string; rowId: string } {
  const ref = randomToken(24);
  return { id2fa: `${ref}.${sealer.mac(`id2fa:${ref}`)}`, rowId: sha256(ref) };
}

/** The row id behind a client's `id2fa`, or null when it was not signed by this server. */
export function challengeRowId(sealer: Sealer, id2fa: string): string | null {
  const [ref, sig, extra] = id2fa.split('.');
  if (!ref || !sig || extra !== undefined || ref.length !== 32) return null;
  return safeEqual(sig, sealer.mac(`id2fa:${ref}`)) ? sha256(ref) : null;
}
