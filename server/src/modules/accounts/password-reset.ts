import type { DB } from '../../db/database';
import { randomToken, sha256 } from '../../kernel/crypto';
import { AppError } from '../../kernel/errors';
import { inFuture, now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { getSettingsRow } from '../settings';
import { isOtherStorefrontsCustomer, PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { authMsg } from './messages-ar';
import {
  claimResetToken,
  deleteStaleResetTokens,
  findResetToken,
  insertResetToken,
  retireResetTokens,
} from './password-reset-repository';
import { resetMail } from './password-reset-mail';
import { hashPassword } from './passwords';
import { findUserByEmail, findUserById, updateUser } from './repository';
import { deleteTrustedDevices } from './session-repository';
import { revokeOtherSessions } from './sessions';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

/** Where the link opens the web app's reset page; the token rides in the fragment, never sent to a server. */
export const resetLink = (base: string, token: string) => `${base}/reset-password#${token}`;

/**
 * Stores a single-use link for the account with this e-mail on the storefront asked (its
 * customer, or an operator) and, after the commit, mails it. An unknown e-mail does nothing; the
 * caller has already answered the same either way (password-reset-routes.ts runs this after the
 * reply). Earlier links stay valid until they expire (a slow mail is not made useless by a second
 * request); a reset retires them all. The mail speaks for that storefront: its name, and its
 * address in the link (`linkBase`); another storefront's than the provider's signs it too.
 */
export async function startPasswordReset(db: DB, storefrontId: number, email: string, linkBase: string): Promise<void> {
  const user = await findUserByEmail(db, storefrontId, email);
  if (!user) return;
  const store = (await getSettingsRow(db, storefrontId))?.name || 'رصيد';
  const token = randomToken(32);
  await work(db, async (tx) => {
    await deleteStaleResetTokens(tx, inFuture(-86_400_000));
    await insertResetToken(tx, {
      token_hash: sha256(token),
      user_id: user.id,
      created_at: now(),
      expires_at: inFuture(RESET_LINK_MINUTES * 60_000),
    });
    const link = { url: resetLink(linkBase, token), minutes: RESET_LINK_MINUTES };
    const message = resetMail(user, store, link);
    // Storefront 1's mail keeps SMTP_FROM's own name, as before storefronts.
    if (storefrontId !== PROVIDER_STOREFRONT) message.senderName = store;
    after(tx, { kind: 'mail', message });
  });
}

/** Why a link no longer works, in the customer's words; undefined while it still does. */
function refusal(row: { expires_at: string; used_at: string | null } | undefined): string | undefined {
  if (!row) return authMsg.resetInvalid;
  if (row.used_at !== null) return authMsg.resetUsed;
  if (row.expires_at <= now()) return authMsg.resetExpired;
  return undefined;
}

const refuse = (message: string) => AppError.fields({ token: [message] });

/**
 * Sets the new password through a link, once: every session of the account ends (the device
 * that reset signs in with the new password, and two-factor still applies), every other link
 * dies, and the trusted devices are forgotten (whoever knew the old password may have made one).
 */
export async function finishPasswordReset(
  db: DB,
  storefrontId: number,
  token: string,
  password: string,
): Promise<void> {
  const tokenHash = sha256(token);
  const found = await findResetToken(db, tokenHash);
  // Another storefront's customer's link is unknown here, as its tokens are (its mail links to its own host).
  const owner = found && (await findUserById(db, found.user_id));
  if (owner) {
    const caller = {
      role: owner.role,
      storefrontId: owner.storefront_id === null ? null : Number(owner.storefront_id),
    };
    if (isOtherStorefrontsCustomer(caller, storefrontId)) throw refuse(authMsg.resetInvalid);
  }
  // A dead link is refused before the password is hashed: guesses cost the store no argon2 run.
  const early = refusal(found);
  if (early) throw refuse(early);
  const passwordHash = await hashPassword(password);
  await work(db, async (tx) => {
    const userId = await claimResetToken(tx, tokenHash);
    // Another use of the same link won in between.
    if (userId === undefined) throw refuse(refusal(await findResetToken(tx, tokenHash)) ?? authMsg.resetUsed);
    await updateUser(tx, userId, { password_hash: passwordHash });
    await revokeOtherSessions(tx, userId, null, 'password-reset');
    await retireResetTokens(tx, userId);
    await deleteTrustedDevices(tx, userId);
  });
}
