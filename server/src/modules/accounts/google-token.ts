import { createHash } from 'node:crypto';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { authMsg } from './messages-ar';
import { recordGoogleToken } from './session-repository';

export type GoogleIdentity = {
  /** `issuer|sub`: what links a Google account to a user, never the e-mail. */
  subject: string;
  email: string;
  name: string;
  /** The token's jti, or its SHA-256 without one: a token signs in once (google-link.ts). */
  tokenId: string;
  /** When the token expires (ISO): until then its id is remembered. */
  expiresAt: string;
};

/** Clock skew accepted on `iat`: a token "issued" further in the future is refused. */
export const GOOGLE_IAT_SKEW_S = 60;

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

// Failures of the key server, not of the token: the user can retry later.
const UNREACHABLE = new Set(['ERR_JOSE_GENERIC', 'ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

/** Google has two spellings of one issuer; both name the same accounts. */
function issuerKey(iss: string): string {
  return iss.replace(/^https:\/\//, '');
}

/**
 * Verifies a Google Identity Services ID token: RS256 signature against the configured key set,
 * issuer, audience (our client id), expiry, and a verified e-mail. Null when Google sign-in is
 * not configured. The key set is fetched once and cached by jose.
 */
export function googleVerifier(config: Config): GoogleVerifier | null {
  const clientId = config.googleClientId;
  if (!clientId) return null;
  // jose is loaded with the first Google sign-in; the key set is made once and cached by it.
  let jwks: JWTVerifyGetKey | undefined;
  return async (credential) => {
    const { createRemoteJWKSet, errors, jwtVerify } = await import('jose');
    jwks ??= createRemoteJWKSet(new URL(config.googleJwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        issuer: config.googleIssuers,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'email', 'exp', 'iat'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (!(error instanceof errors.JOSEError) || UNREACHABLE.has(error.code)) {
        throw new AppError('unavailable', authMsg.googleUnreachable);
      }
      throw new AppError('unauthorized', authMsg.googleInvalid);
    }
    const { iss, sub, email, name, iat, exp, jti } = payload;
    if (typeof iat !== 'number' || iat > Date.now() / 1000 + GOOGLE_IAT_SKEW_S || typeof exp !== 'number') {
      throw new AppError('unauthorized', authMsg.googleInvalid);
    }
    if (typeof iss !== 'string' || typeof sub !== 'string' || typeof email !== 'string' || sub.length > 255) {
      throw new AppError('unauthorized', authMsg.googleInvalid);
    }
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new AppError('unauthorized', authMsg.googleUnverified);
    }
    const normalEmail = email.trim().toLowerCase();
    if (normalEmail.length > 254) throw new AppError('unauthorized', authMsg.googleInvalid);
    const shownName = typeof name === 'string' && name.trim() ? name.trim() : normalEmail.split('@')[0]!;
    const tokenId = createHash('sha256')
      .update(typeof jti === 'string' && jti ? `jti:${issuerKey(iss)}:${jti}` : `token:${credential}`)
      .digest('hex');
    return {
      subject: `${issuerKey(iss)}|${sub}`,
      email: normalEmail,
      name: shownName.slice(0, 120),
      tokenId,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  };
}

/**
 * A Google ID token is accepted once: the first sign-in with it records its id until it
 * expires; the same token again (a replay of a stolen one) is a 401.
 */
export async function claimGoogleToken(db: DB, identity: Pick<GoogleIdentity, 'tokenId' | 'expiresAt'>): Promise<void> {
  if (!(await recordGoogleToken(db, identity.tokenId, identity.expiresAt)))
    throw new AppError('unauthorized', authMsg.googleInvalid);
}
