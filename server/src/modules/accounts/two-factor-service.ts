import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import type { SignedIn, User } from '@raseed/contract';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { getSettingsRow } from '../settings';
import { isOtherStorefrontsCustomer, PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { CHALLENGE_MAX_ATTEMPTS, challengeRowId } from './challenge-id';
import { authMsg } from './messages-ar';
import {
  claimBackupCode,
  claimTotpStep,
  clearTwoFactor,
  setTotpSecret,
  confirmPendingSecret,
  findChallengeOwner,
  findUserById,
  markChallengeUsed,
  replaceBackupCodes,
  storePendingSecret,
  takeChallengeAttempt,
} from './repository';
import { createSession, forgetUserSessions, revokeOtherSessions } from './sessions';
import { hashBackupCode, isTotpShaped, matchTotpStep, newBackupCodes, newTotpSecret, otpauthUri } from './totp';
import { issueTrustedDevice } from './trusted-devices';
import { loadUserDto } from './user-dto';

async function mustFindUser(db: DB, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('unauthorized');
  return row;
}

/**
 * GET /enable: a new pending secret, shown as a QR code image and a setup key. A confirmed
 * secret is never replaced here; two-factor must be disabled first.
 */
export async function startTwoFactorSetup(
  db: DB,
  config: Config,
  userId: number,
): Promise<{ qrCode: string; setupKey: string; otpauthUrl: string }> {
  const row = await mustFindUser(db, userId);
  if (row.totp_enabled === 1) throw new AppError('conflict', authMsg.twoFactorAlreadyOn);
  const secret = newTotpSecret();
  if (!(await storePendingSecret(db, userId, config.sealer.seal(secret)))) {
    throw new AppError('conflict', authMsg.twoFactorAlreadyOn);
  }
  const issuer = (await getSettingsRow(db, PROVIDER_STOREFRONT))?.name ?? 'Raseed';
  const { default: QRCode } = await import('qrcode');
  const otpauthUrl = otpauthUri(secret, row.email, issuer);
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrCode, setupKey: secret, otpauthUrl };
}

/**
 * Confirms the pending secret with a code from the app: two-factor is on, 8 fresh backup codes
 * are returned once (only their hashes are kept) and every other session ends.
 */
export async function confirmTwoFactor(
  db: DB,
  config: Config,
  userId: number,
  sessionId: number,
  code: string,
): Promise<{ user: User; codes: string[] }> {
  const row = await mustFindUser(db, userId);
  if (row.totp_enabled === 1) throw new AppError('conflict', authMsg.twoFactorAlreadyOn);
  const sealed = row.totp_pending_secret;
  if (!sealed) throw new AppError('invalid_state', authMsg.twoFactorNotStarted);
  const step = matchTotpStep(config.sealer.open(sealed), code);
  if (step === null) throw AppError.fields({ code: [authMsg.codeWrong] });
  const codes = newBackupCodes();
  return work(db, async (trx) => {
    // The pending secret may have been replaced by a parallel GET /enable since it was read.
    if (!(await confirmPendingSecret(trx, userId, sealed, step))) throw AppError.fields({ code: [authMsg.codeWrong] });
    await replaceBackupCodes(
      trx,
      userId,
      codes.map((c) => hashBackupCode(config.sealer, c)),
    );
    await revokeOtherSessions(trx, userId, sessionId, 'two-factor-on');
    // The kept session's cached "two-factor on" flag is stale now (operators' console access).
    forgetUserSessions(trx, userId);
    return { user: await loadUserDto(trx, userId), codes };
  });
}

/** Turns two-factor off, drops the backup codes and ends every other session. */
export async function disableTwoFactor(db: DB, userId: number, sessionId: number): Promise<User> {
  return work(db, async (trx) => {
    await clearTwoFactor(trx, userId);
    await revokeOtherSessions(trx, userId, sessionId, 'two-factor-off');
    // The kept session's cached "two-factor on" flag is stale now (operators' console access).
    forgetUserSessions(trx, userId);
    return loadUserDto(trx, userId);
  });
}

const challengeExpired = () => new AppError('unauthorized', authMsg.challengeExpired);

/** The user a challenge id belongs to (for per-account rate limits); null for a forged id. */
export async function challengeOwner(db: DB, config: Config, id2fa: string): Promise<number | null> {
  const rowId = challengeRowId(config.sealer, id2fa);
  if (!rowId) return null;
  return (await findChallengeOwner(db, rowId))?.user_id ?? null;
}

/**
 * Second step of a sign-in: a current TOTP code or an unused backup code. The code, the step
 * and the challenge are each claimed by a conditional UPDATE in one transaction, so one code
 * yields one session however many requests race with it.
 */
export async function completeChallenge(
  db: DB,
  config: Config,
  storefrontId: number,
  input: { id: string; code: string },
  address?: string,
): Promise<SignedIn> {
  const rowId = challengeRowId(config.sealer, input.id);
  if (!rowId) throw challengeExpired();
  const challenge = await takeChallengeAttempt(db, rowId, CHALLENGE_MAX_ATTEMPTS);
  if (!challenge) throw challengeExpired();
  const user = await findUserById(db, challenge.user_id);
  if (user?.totp_enabled !== 1 || !user.totp_secret) throw challengeExpired();
  // A sign-in begun on one storefront ends there: on another, its customer's challenge is no one's.
  const owner = { role: user.role, storefrontId: user.storefront_id === null ? null : Number(user.storefront_id) };
  if (isOtherStorefrontsCustomer(owner, storefrontId)) throw challengeExpired();
  const secret = config.sealer.open(user.totp_secret);
  const code = input.code.trim();

  return work(db, async (trx) => {
    let accepted: boolean;
    if (isTotpShaped(code)) {
      const step = matchTotpStep(secret, code);
      accepted = step !== null && (await claimTotpStep(trx, user.id, step));
    } else {
      accepted = await claimBackupCode(trx, user.id, hashBackupCode(config.sealer, code));
    }
    if (!accepted) throw AppError.fields({ code: [authMsg.codeWrong] });
    if (!(await markChallengeUsed(trx, rowId))) throw challengeExpired();
    // A second factor just passed: the session counts as freshly confirmed.
    const token = await createSession(trx, user.id, {
      deviceToken: challenge.device_token,
      ttlDays: config.tokenTtlDays,
      remember: challenge.remember === 1,
      confirmed: true,
    });
    return {
      user: await loadUserDto(trx, user.id),
      token,
      trusted_device: await issueTrustedDevice(trx, config.sealer, user.id, address),
    };
  });
}

/**
 * Turns two-factor on with a known secret, without the QR round trip: the demo operator (its
 * setup key is printed with its password) and test operators (the console needs 2FA on). Both
 * happen before the user has a session, so no cached session can hold the old flag.
 */
export async function turnOnTwoFactor(
  db: DB,
  sealer: Sealer,
  userId: number,
  secret: string = newTotpSecret(),
): Promise<string> {
  await setTotpSecret(db, userId, sealer.seal(secret));
  return secret;
}
