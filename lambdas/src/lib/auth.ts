import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { FetchError, JwksValidationError, JwtBaseError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { authSettings } from './env';
import { forbidden, unauthenticated } from './errors';

/** The administrator an admin operation runs for, taken from a verified Cognito access token. */
export interface AdminIdentity {
  username: string;
  /** Access tokens carry no e-mail; empty here, filled by callers that ask Cognito (getUserData). */
  email: string;
  groups: string[];
  sub: string;
  /**
   * The verified access token, for calls made on the admin's behalf (Cognito GetUser needs no IAM
   * permission). Non-enumerable, so logging or serialising the identity never writes it out.
   */
  readonly accessToken: string;
}

interface Verifier {
  verify(token: string): Promise<JwtPayload>;
}

/**
 * Fetches the stand-in's JWKS over plain http. aws-jwt-verify's default fetcher speaks https only,
 * and cognito-local serves http; used only when COGNITO_ISSUER is set (never in AWS).
 */
class HttpFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new FetchError(uri, `Status code is ${response.status}, expected 200`);
    return response.arrayBuffer();
  }
}

/** A claim check of ours failed (the library's own failures are JwtBaseErrors). */
class ClaimError extends Error {}

let cached: { key: string; verifier: Verifier } | undefined;

/**
 * The verifier, created once per cold start (and again only if the settings change, which
 * happens in tests that start a fresh stand-in). In AWS: CognitoJwtVerifier, which derives
 * issuer and JWKS address from the pool id. Locally: the same checks (signature, issuer, expiry,
 * token_use, client_id) against the stand-in's http issuer.
 */
function verifier(): Verifier {
  const {
    userPoolId: USER_POOL_ID,
    userPoolClientId: USER_POOL_CLIENT_ID,
    issuer: COGNITO_ISSUER,
  } = authSettings();
  const key = `${USER_POOL_ID}|${USER_POOL_CLIENT_ID}|${COGNITO_ISSUER ?? ''}`;
  if (cached?.key === key) return cached.verifier;
  let created: Verifier;
  if (COGNITO_ISSUER) {
    const issuer = COGNITO_ISSUER.replace(/\/+$/, '');
    created = JwtVerifier.create(
      {
        issuer,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        // Access tokens carry client_id instead of aud; checked below like CognitoJwtVerifier does.
        audience: null,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access') throw new ClaimError('token_use is not access');
          if (payload.client_id !== USER_POOL_CLIENT_ID)
            throw new ClaimError('client_id does not match');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher: new HttpFetcher() }) },
    );
  } else {
    created = CognitoJwtVerifier.create({
      userPoolId: USER_POOL_ID,
      tokenUse: 'access',
      clientId: USER_POOL_CLIENT_ID,
    });
  }
  cached = { key, verifier: created };
  return created;
}

function groupsOf(payload: JwtPayload): string[] {
  const raw = payload['cognito:groups'];
  return Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : [];
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const m = /^\s*Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? '');
  return m?.[1] ?? null;
}

/**
 * Verify an `Authorization: Bearer <Cognito access token>` header and require membership of the
 * admin group. Missing, malformed, forged, expired or foreign tokens → 401; a valid token of a
 * user outside the group → 403. A JWKS that cannot be fetched is our fault, not the caller's: 500.
 */
export async function requireAdmin(authorization: string | undefined): Promise<AdminIdentity> {
  const token = bearerToken(authorization);
  if (!token) throw unauthenticated('Sign in first: the Authorization bearer token is missing.');
  const v = verifier();
  let payload: JwtPayload;
  try {
    payload = await v.verify(token);
  } catch (error) {
    if (error instanceof FetchError || error instanceof JwksValidationError) throw error;
    if (error instanceof JwtBaseError || error instanceof ClaimError) throw unauthenticated();
    throw error;
  }
  const groups = groupsOf(payload);
  if (!groups.includes(authSettings().adminGroup)) throw forbidden();
  const username = typeof payload.username === 'string' ? payload.username : '';
  const sub = typeof payload.sub === 'string' ? payload.sub : '';
  if (!username || !sub) throw unauthenticated();
  const identity: AdminIdentity = { username, email: '', groups, sub, accessToken: token };
  Object.defineProperty(identity, 'accessToken', { enumerable: false });
  return identity;
}

/** For tests that switch user pools between suites. */
export function resetAuth(): void {
  cached = undefined;
}
