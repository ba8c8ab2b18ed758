import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { msg } from '../../kernel/messages-ar';
import { claimGoogleToken, type GoogleVerifier } from './google-token';
import { authMsg } from './messages-ar';
import { verifyPassword } from './passwords';
import { findUserById } from './repository';
import { markConfirmed } from './sessions';

/**
 * A stolen token alone cannot take the account over: changing the e-mail or the password and
 * turning two-factor on or off need the account's password confirmed on this session within
 * PASSWORD_CONFIRM_SECONDS (3 hours), as Laravel Fortify's password.confirm. Otherwise 423.
 */
export function requireRecentConfirmation(request: FastifyRequest, config: Config): void {
  const at = request.auth?.confirmedAt;
  if (!at || Date.parse(at) + config.passwordConfirmSeconds * 1000 < Date.now())
    throw new AppError('LOCKED', msg.passwordConfirmRequired);
}

/**
 * Confirms the session with what only the owner holds: the password, or for an account that has
 * none, a fresh Google ID token of the Google account linked to it (each token counts once). A
 * two-factor code does not confirm: whoever holds a stolen token could have turned two-factor on
 * with their own authenticator and would then pass with their own code (docs/security.md).
 */
export async function confirmPassword(
  db: DB,
  verifyGoogle: GoogleVerifier | null,
  userId: number,
  sessionId: number,
  input: { password?: string | undefined; credential?: string | undefined },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.password_hash !== null || !input.credential) {
    if (!(await verifyPassword(user.password_hash ?? null, input.password ?? '')))
      throw AppError.fields({
        password: [user.password_hash === null ? authMsg.googleConfirmNeeded : authMsg.passwordWrong],
      });
  } else {
    if (!verifyGoogle) throw new AppError('NOT_FOUND', authMsg.googleDisabled);
    const identity = await verifyGoogle(input.credential);
    if (identity.subject !== user.google_subject) throw AppError.fields({ password: [authMsg.googleOtherAccount] });
    // A replayed token is the caller's mistake here, not an ended session (a 401 would sign out).
    await claimGoogleToken(db, identity).catch(() => {
      throw AppError.fields({ password: [authMsg.googleInvalid] });
    });
  }
  await markConfirmed(db, sessionId);
}
