import type { SecondFactorNeeded, SignedIn, User } from '@raseed/contract';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import type { GoogleVerifier } from './google-token';
import { authMsg } from './messages-ar';
import { hashPassword, verifyPassword } from './passwords';
import {
  emailTakenByOther,
  findUserByEmail,
  findUserByGoogleSubject,
  insertCustomer,
  isUniqueViolation,
  updateUser,
} from './repository';
import { createSession, revokeOtherSessions } from './sessions';
import { finishSignIn } from './sign-in';
import { toUserDto } from './user-dto';

export type RegisterInput = { name: string; email: string; phone: string; password: string; device_token?: string | undefined };
export type LoginInput = { email: string; password: string; device_token?: string | undefined; remember?: boolean | undefined };
export type ProfileInput = { name: string; email: string; phone: string; password?: string | undefined };

const emailTaken = () => AppError.fields({ email: [authMsg.emailTaken] });

/** Creates a customer and signs them in at once (the same reply as a login). */
export async function register(db: DB, config: Config, input: RegisterInput): Promise<SignedIn> {
  if (await emailTakenByOther(db, input.email, null)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertCustomer(trx, { email: input.email, name: input.name, phone: input.phone, password_hash: passwordHash, google_subject: null });
      const token = await createSession(trx, row.id, { deviceToken: input.device_token || null, ttlDays: config.tokenTtlDays });
      return { user: toUserDto(row), token };
    });
  } catch (error) {
    // Another registration of the same e-mail committed between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function login(db: DB, config: Config, input: LoginInput): Promise<SignedIn | SecondFactorNeeded> {
  const row = input.email ? await findUserByEmail(db, input.email) : undefined;
  // Always one argon2 run, also for an unknown e-mail, so the reply time tells nothing.
  const ok = await verifyPassword(row?.password_hash ?? null, input.password);
  if (!row || !ok) throw new AppError('UNAUTHORIZED', authMsg.badCredentials);
  return finishSignIn(db, config, row, { deviceToken: input.device_token || null, remember: input.remember ?? false });
}

/**
 * Google sign-in. The account is found by the token's issuer + subject only; an e-mail that
 * already belongs to another account is refused, never adopted — the e-mail proves nothing
 * about who owns that account here. A new account has no password until its owner sets one.
 */
export async function googleSignIn(
  db: DB,
  config: Config,
  verify: GoogleVerifier,
  input: { credential: string; device_token?: string | undefined },
): Promise<SignedIn | SecondFactorNeeded> {
  const identity = await verify(input.credential);
  let row = await findUserByGoogleSubject(db, identity.subject);
  if (!row) {
    try {
      row = await insertCustomer(db, { email: identity.email, name: identity.name, phone: '', password_hash: null, google_subject: identity.subject });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either a parallel first sign-in of this Google account won the insert (use its row),
      // or the e-mail belongs to another account (refuse).
      row = await findUserByGoogleSubject(db, identity.subject);
      if (!row) throw new AppError('CONFLICT', authMsg.googleEmailInUse);
    }
  }
  return finishSignIn(db, config, row, { deviceToken: input.device_token || null, remember: false });
}

/**
 * Saves the caller's own profile (the user id comes from the session, never from the body).
 * A new password ends every other session of the user.
 */
export async function updateProfile(db: DB, userId: number, sessionId: number, input: ProfileInput): Promise<User> {
  if (await emailTakenByOther(db, input.email, userId)) throw emailTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await updateUser(trx, userId, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      if (passwordHash) await revokeOtherSessions(trx, userId, sessionId);
      return toUserDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
