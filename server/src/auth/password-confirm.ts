import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SessionCache } from './session-cache';
import { decrypt } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { msg } from '../lib/messages-ar';
import { authMsg } from './messages-ar';
import { verifyPassword } from './passwords';
import { claimTotpStep, findUserById } from './repository';
import { markConfirmed } from './sessions';
import { isTotpShaped, matchTotpStep } from './totp';

/**
 * A stolen token alone cannot take the account over: changing the e-mail or the password and
 * turning two-factor off need the password (or a 2FA code) confirmed on this session within
 * PASSWORD_CONFIRM_SECONDS (3 hours), as Laravel Fortify's password.confirm. Otherwise 423.
 */
export function requireRecentConfirmation(request: FastifyRequest, config: Config): void {
  const at = request.auth?.confirmedAt;
  if (!at || Date.parse(at) + config.passwordConfirmSeconds * 1000 < Date.now())
    throw new AppError('LOCKED', msg.passwordConfirmRequired);
}

export async function confirmPassword(
  db: DB,
  config: Config,
  sessions: SessionCache,
  userId: number,
  sessionId: number,
  input: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  let ok = false;
  if (input.password) ok = await verifyPassword(user.password_hash ?? null, input.password);
  else if (input.code && user.totp_enabled === 1 && user.totp_secret && isTotpShaped(input.code)) {
    const step = matchTotpStep(decrypt(config.appKey, user.totp_secret), input.code);
    ok = step !== null && (await claimTotpStep(db, user.id, step));
  }
  if (!ok)
    throw AppError.fields(input.password ? { password: [authMsg.passwordWrong] } : { code: [authMsg.codeWrong] });
  await markConfirmed(db, sessions, sessionId);
}
