import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { claimGoogleToken, type GoogleVerifier } from './google-token';
import { authMsg } from './messages-ar';
import { verifyPassword } from './passwords';
import { findUserById } from './repository';
import { markConfirmed } from './sessions';

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
  if (!user) throw new AppError('unauthorized');
  if (user.password_hash !== null || !input.credential) {
    if (!(await verifyPassword(user.password_hash ?? null, input.password ?? '')))
      throw AppError.fields({
        password: [user.password_hash === null ? authMsg.googleConfirmNeeded : authMsg.passwordWrong],
      });
  } else {
    if (!verifyGoogle) throw new AppError('not_found', authMsg.googleDisabled);
    const identity = await verifyGoogle(input.credential);
    if (identity.subject !== user.google_subject) throw AppError.fields({ password: [authMsg.googleOtherAccount] });
    // A replayed token is the caller's mistake here, not an ended session (a 401 would sign out).
    await claimGoogleToken(db, identity).catch(() => {
      throw AppError.fields({ password: [authMsg.googleInvalid] });
    });
  }
  await markConfirmed(db, sessionId);
}
