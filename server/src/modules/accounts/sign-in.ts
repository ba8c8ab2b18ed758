import type { SecondFactorNeeded, SignedIn } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { Config } from '../../config';
import type { DB, UsersTable } from '../../db/database';
import { inFuture } from '../../kernel/time';
import { CHALLENGE_TTL_MS, newChallengeId } from './challenge-id';
import { insertChallenge } from './repository';
import { createSession } from './sessions';
import { issueTrustedDevice } from './trusted-devices';
import { toUserDto } from './user-dto';

/** `confirmed`: the first factor was the password (a fresh confirmation for the session). */
export type SignInContext = {
  deviceToken: string | null;
  remember: boolean;
  confirmed?: boolean;
  /** The client's address: once signed in, it counts as known to the account (limits.ts). */
  address?: string | undefined;
};

/**
 * The end of every first factor (password, Google): a session, or — for a user with two-factor
 * on — a challenge whose id stands for "the first factor passed", and no token yet.
 */
export async function finishSignIn(
  db: DB,
  config: Config,
  user: Selectable<UsersTable>,
  ctx: SignInContext,
): Promise<SignedIn | SecondFactorNeeded> {
  if (user.totp_enabled === 1) {
    const { id2fa, rowId } = newChallengeId(config.sealer);
    await insertChallenge(db, {
      id: rowId,
      userId: user.id,
      remember: ctx.remember,
      deviceToken: ctx.deviceToken,
      expiresAt: inFuture(CHALLENGE_TTL_MS),
    });
    return { id2fa, remember: ctx.remember };
  }
  const token = await createSession(db, user.id, {
    deviceToken: ctx.deviceToken,
    ttlDays: config.tokenTtlDays,
    remember: ctx.remember,
    confirmed: ctx.confirmed ?? false,
  });
  return {
    user: toUserDto(user),
    token,
    trusted_device: await issueTrustedDevice(db, config.sealer, user.id, ctx.address),
  };
}
