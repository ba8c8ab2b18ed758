import type { GoogleLinkNeeded, SecondFactorNeeded, SignedIn } from '@raseed/contract';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { claimGoogleToken, type GoogleIdentity, type GoogleVerifier } from './google-token';
import { authMsg } from './messages-ar';
import { verifyPassword } from './passwords';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  insertCustomer,
  isUniqueViolation,
  linkGoogleSubject,
} from './repository';
import { finishSignIn } from './sign-in';

type Row = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
type Reply = SignedIn | SecondFactorNeeded;

/**
 * The account that owns a Google e-mail when none was found by this Google account's subject.
 * It may be this Google account's own, made a moment ago by a parallel first sign-in (use it); a
 * password account not linked to any Google account may be linked by its owner (link_required);
 * one linked to another Google account is a 409.
 */
function ownerOfEmail(owner: Row, identity: GoogleIdentity): Row | GoogleLinkNeeded {
  if (owner.google_subject === identity.subject) return owner;
  if (owner.google_subject === null && owner.password_hash !== null)
    return { link_required: true, email: identity.email };
  throw new AppError('conflict', authMsg.googleLinkedElsewhere);
}

/**
 * Google sign-in on a storefront: its customers and the operators are looked at, another
 * storefront's customers never (a Google account may hold one customer account per storefront).
 * The account is found by the token's issuer + subject only. A first sign-in
 * creates a password-less customer, unless the e-mail already has an account: the e-mail proves
 * nothing about who owns that account here, so its owner is asked for its password first.
 */
export async function googleSignIn(
  db: DB,
  config: Config,
  verify: GoogleVerifier,
  storefrontId: number,
  input: { credential: string; device_token?: string | undefined },
): Promise<Reply | GoogleLinkNeeded> {
  const identity = await verify(input.credential);
  let row: Row | GoogleLinkNeeded | undefined = await findUserByGoogleSubject(db, storefrontId, identity.subject);
  if (!row) {
    const owner = await findUserByEmail(db, storefrontId, identity.email);
    if (owner) row = ownerOfEmail(owner, identity);
    else {
      try {
        row = await insertCustomer(db, storefrontId, {
          email: identity.email,
          name: identity.name,
          phone: '',
          password_hash: null,
          google_subject: identity.subject,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A parallel first sign-in of this Google account won the insert, or the e-mail was
        // just registered by someone else: the row that owns the e-mail now decides.
        const raced =
          (await findUserByGoogleSubject(db, storefrontId, identity.subject)) ??
          (await findUserByEmail(db, storefrontId, identity.email));
        if (!raced) throw error;
        row = ownerOfEmail(raced, identity);
      }
    }
  }
  if ('link_required' in row) return row;
  await claimGoogleToken(db, identity);
  return finishSignIn(db, config, row, { deviceToken: input.device_token || null, remember: false, confirmed: true });
}

async function link(db: DB, storefrontId: number, identity: GoogleIdentity, password: string): Promise<Row> {
  const owner = await findUserByEmail(db, storefrontId, identity.email);
  // One argon2 run whatever happens, so the reply time tells nothing.
  const ok = await verifyPassword(owner?.password_hash ?? null, password);
  if (!owner) throw new AppError('conflict', authMsg.googleInvalid);
  if (owner.google_subject !== null && owner.google_subject !== identity.subject)
    throw new AppError('conflict', authMsg.googleLinkedElsewhere);
  if (!ok) throw AppError.fields({ password: [authMsg.googleLinkPassword] });
  const linked = await linkGoogleSubject(db, owner.id, identity.subject);
  if (!linked) throw new AppError('conflict', authMsg.googleLinkedElsewhere);
  return linked;
}

/**
 * The owner of a password account proves it with the password, once, and the Google account
 * is linked: from then on Google alone signs in. Two-factor still applies to this sign-in.
 */
export async function googleLink(
  db: DB,
  config: Config,
  verify: GoogleVerifier,
  storefrontId: number,
  input: { credential: string; password: string; device_token?: string | undefined },
): Promise<Reply> {
  const identity = await verify(input.credential);
  const row =
    (await findUserByGoogleSubject(db, storefrontId, identity.subject)) ??
    (await link(db, storefrontId, identity, input.password));
  await claimGoogleToken(db, identity);
  return finishSignIn(db, config, row, { deviceToken: input.device_token || null, remember: false, confirmed: true });
}
