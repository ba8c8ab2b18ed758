import { work } from '../../kernel/unit-of-work';
import type { SecondFactorNeeded, SignedIn, User } from '@raseed/contract';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { authMsg } from './messages-ar';
import { hashPassword, verifyPassword } from './passwords';
import {
  emailTakenByOther,
  findUserByEmail,
  findUserById,
  insertCustomer,
  isUniqueViolation,
  updateUser,
} from './repository';
import { createSession, revokeOtherSessions } from './sessions';
import { finishSignIn } from './sign-in';
import { toUserDto } from './user-dto';

export type RegisterInput = {
  name: string;
  email: string;
  phone: string;
  password: string;
  device_token?: string | undefined;
};
export type LoginInput = {
  email: string;
  password: string;
  device_token?: string | undefined;
  remember?: boolean | undefined;
};
export type ProfileInput = { name: string; email: string; phone: string; password?: string | undefined };

const emailTaken = () => AppError.fields({ email: [authMsg.emailTaken] });

/** Creates a customer of the request's storefront and signs them in at once (the same reply as a login). */
export async function register(db: DB, config: Config, storefrontId: number, input: RegisterInput): Promise<SignedIn> {
  if (await emailTakenByOther(db, input.email, { storefrontId }, null)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await work(db, async (trx) => {
      const row = await insertCustomer(trx, storefrontId, {
        email: input.email,
        name: input.name,
        phone: input.phone,
        password_hash: passwordHash,
        google_subject: null,
      });
      const token = await createSession(trx, row.id, {
        deviceToken: input.device_token || null,
        ttlDays: config.tokenTtlDays,
      });
      return { user: toUserDto(row), token };
    });
  } catch (error) {
    // Another registration of the same e-mail committed between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Signs in one of the storefront's customers, or an operator (who signs in on any storefront). */
export async function login(
  db: DB,
  config: Config,
  storefrontId: number,
  input: LoginInput,
  address?: string,
): Promise<SignedIn | SecondFactorNeeded> {
  // Another storefront's customer with this e-mail is no one here: the same reply as a wrong password.
  const row = input.email ? await findUserByEmail(db, storefrontId, input.email) : undefined;
  // Always one argon2 run, also for an unknown e-mail, so the reply time tells nothing.
  const ok = await verifyPassword(row?.password_hash ?? null, input.password);
  if (!row || !ok) throw new AppError('unauthorized', authMsg.badCredentials);
  return finishSignIn(db, config, row, {
    deviceToken: input.device_token || null,
    remember: input.remember ?? false,
    confirmed: true,
    address,
  });
}

/**
 * Saves the caller's own profile (the user id comes from the session, never from the body).
 * A new password ends every other session of the user (an API key, `sessionId` null, changes
 * the name and phone only: the route refuses it the rest).
 */
export async function updateProfile(
  db: DB,
  userId: number,
  sessionId: number | null,
  input: ProfileInput,
): Promise<User> {
  const self = await findUserById(db, userId);
  if (!self) throw new AppError('unauthorized');
  const scope =
    self.role === 'operator' || self.storefront_id === null ? 'everywhere' : { storefrontId: self.storefront_id };
  if (await emailTakenByOther(db, input.email, scope, userId)) throw emailTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await work(db, async (trx) => {
      const row = await updateUser(trx, userId, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      if (passwordHash) await revokeOtherSessions(trx, userId, sessionId, 'password');
      return toUserDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
