import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { authMsg } from './messages-ar';

export type GoogleIdentity = {
  /** `issuer|sub`: what links a Google account to a user, never the e-mail. */
  subject: string;
  email: string;
  name: string;
};

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
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return async (credential) => {
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
        throw new AppError('UNAVAILABLE', authMsg.googleUnreachable);
      }
      throw new AppError('UNAUTHORIZED', authMsg.googleInvalid);
    }
    const { iss, sub, email, name } = payload;
    if (typeof iss !== 'string' || typeof sub !== 'string' || typeof email !== 'string' || sub.length > 255) {
      throw new AppError('UNAUTHORIZED', authMsg.googleInvalid);
    }
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new AppError('UNAUTHORIZED', authMsg.googleUnverified);
    }
    const normalEmail = email.trim().toLowerCase();
    if (normalEmail.length > 254) throw new AppError('UNAUTHORIZED', authMsg.googleInvalid);
    const shownName = typeof name === 'string' && name.trim() ? name.trim() : normalEmail.split('@')[0]!;
    return { subject: `${issuerKey(iss)}|${sub}`, email: normalEmail, name: shownName.slice(0, 120) };
  };
}
