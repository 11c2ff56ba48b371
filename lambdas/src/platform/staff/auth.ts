import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { FetchError, JwksValidationError, JwtBaseError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import {
  MFA_ENROLMENT_OPERATIONS,
  MFA_ENROLMENT_REQUIRED,
  mayUse,
  roleOf,
  type OperationName,
  type Role,
} from '@agency/shared';
import { DynamoAccountStore, DynamoSessionRevocations } from './account-store';
import { cognitoAccountOf, type CognitoAccount } from './cognito-account';
import { SESSION_ENDED, type AccountStore, type SessionRevocations } from './ports';
import { authSettings } from '../env';
import { forbidden, unauthenticated } from '../errors';

/** The staff member a staff operation runs for, from a verified access token and their account record. */
export interface StaffIdentity {
  username: string;
  /**
   * The e-mail the account has now: from its account record, or (an account from before records,
   * none written yet) asked of Cognito once per token. Empty only when Cognito could not answer.
   */
  email: string;
  /** The person's name, from the account record (else Cognito; '' when none is known). */
  name: string;
  groups: string[];
  /** The role the groups give (admin wins over editor). */
  role: Role;
  sub: string;
  /** TOTP is on for this account, as its record says (as Cognito says, when it has no record yet). */
  mfa: boolean;
  /** When the token was issued, epoch seconds. */
  iat: number;
  /**
   * The verified access token, for calls made on the member's behalf (Cognito GetUser needs no IAM
   * permission). Non-enumerable, so logging or serialising the identity never writes it out.
   */
  readonly accessToken: string;
}

/** The name handlers have always used; every staff member, not only admins, now has one. */
export type AdminIdentity = StaffIdentity;

/** The answer to a disabled account's calls, whatever its token. */
export const ACCOUNT_DISABLED = 'This account is disabled.';

/** The answer to a call the caller's role may not make. */
export const ROLE_FORBIDDEN = 'Your role does not allow this. Ask an admin of the team.';

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

/** Verify the bearer token: signature, issuer, expiry, client, token use. Anything wrong → 401. */
export async function verifiedClaims(authorization: string | undefined): Promise<JwtPayload> {
  const token = bearerToken(authorization);
  if (!token) throw unauthenticated('Sign in first: the Authorization bearer token is missing.');
  try {
    return await verifier().verify(token);
  } catch (error) {
    if (error instanceof FetchError || error instanceof JwksValidationError) throw error;
    if (error instanceof JwtBaseError || error instanceof ClaimError) throw unauthenticated();
    throw error;
  }
}

/** A verified access token of someone: who, in which groups, issued when; nothing checked beyond the token. */
export interface VerifiedToken {
  username: string;
  sub: string;
  groups: string[];
  /** When the token was issued, epoch seconds. */
  iat: number;
  /** Cognito's `origin_jti`: the same for every access token of one sign-in ('' when absent). */
  originJti: string;
  readonly accessToken: string;
}

/**
 * Verify an `Authorization: Bearer <Cognito access token>` header: a missing, malformed, forged,
 * expired or foreign token → 401. A JWKS that cannot be fetched is our fault, not the caller's: 500.
 */
export async function verifyToken(authorization: string | undefined): Promise<VerifiedToken> {
  const payload = await verifiedClaims(authorization);
  const username = typeof payload.username === 'string' ? payload.username : '';
  const sub = typeof payload.sub === 'string' ? payload.sub : '';
  if (!username || !sub) throw unauthenticated();
  const verified: VerifiedToken = {
    username,
    sub,
    groups: groupsOf(payload),
    iat: typeof payload.iat === 'number' ? payload.iat : 0,
    originJti: typeof payload.origin_jti === 'string' ? payload.origin_jti : '',
    accessToken: bearerToken(authorization) ?? '',
  };
  Object.defineProperty(verified, 'accessToken', { enumerable: false });
  return verified;
}

export interface StaffCheckDeps {
  accounts: AccountStore;
  /** Sessions signed out one by one (their access tokens are refused until they expire). */
  sessions: Pick<SessionRevocations, 'isRevoked'>;
  /** A member with no account record yet, as Cognito has them (GetUser with their token). */
  cognitoAccountOf(token: VerifiedToken): Promise<CognitoAccount>;
  /** The stage requires TOTP of every account (REQUIRE_MFA). */
  requireMfa: boolean;
}

const defaultAccounts = new DynamoAccountStore();
const defaultSessions = new DynamoSessionRevocations();

/** The account records in the team table, else Cognito, and REQUIRE_MFA from the environment. */
export const defaultStaffDeps = (): StaffCheckDeps => ({
  accounts: defaultAccounts,
  sessions: defaultSessions,
  cognitoAccountOf: (token) => cognitoAccountOf(token),
  requireMfa: authSettings().requireMfa,
});

/**
 * Whether the holder of a verified token may call staff operation `op`, checked in this order:
 * groups that OPERATION_ACCESS does not allow for `op` → 403; then the account record (a consistent
 * read, so a change a moment ago counts): disabled → 401, a token issued before `validAfter` (signed
 * out everywhere, role changed, disabled and enabled again) → 401, and where the stage requires
 * TOTP, an account without it → 403 for everything but enrolment.
 */
export async function checkStaff(
  token: VerifiedToken,
  op: OperationName,
  deps: StaffCheckDeps = defaultStaffDeps(),
): Promise<StaffIdentity> {
  const role = roleOf(token.groups);
  if (!role || !mayUse(token.groups, op)) throw forbidden(ROLE_FORBIDDEN);
  // Both by key, at once: the signed-out session costs no time on top of the record.
  const [record, revoked] = await Promise.all([
    deps.accounts.get(token.sub),
    token.originJti ? deps.sessions.isRevoked(token.sub, token.originJti) : false,
  ]);
  if (record && !record.enabled) throw unauthenticated(ACCOUNT_DISABLED);
  if (record && token.iat < record.validAfter) throw unauthenticated(SESSION_ENDED);
  if (revoked) throw unauthenticated(SESSION_ENDED);
  // No record yet (an account from before records) or one without an e-mail: Cognito fills in.
  const cognito = record?.email ? undefined : await deps.cognitoAccountOf(token);
  const mfa = record ? record.mfa : (cognito?.mfa ?? false);
  if (deps.requireMfa && !mfa && !MFA_ENROLMENT_OPERATIONS.includes(op))
    throw forbidden(MFA_ENROLMENT_REQUIRED);
  const identity: StaffIdentity = {
    username: token.username,
    email: record?.email || cognito?.email || '',
    name: record?.name || cognito?.name || '',
    groups: token.groups,
    role,
    sub: token.sub,
    mfa,
    iat: token.iat,
    accessToken: token.accessToken,
  };
  Object.defineProperty(identity, 'accessToken', { enumerable: false });
  return identity;
}

/** The e-mail of a verified token's account (its record, else Cognito): for recording refused calls. */
export async function emailOfToken(
  token: VerifiedToken,
  deps: StaffCheckDeps = defaultStaffDeps(),
): Promise<string> {
  const record = await deps.accounts.get(token.sub);
  return record?.email || (await deps.cognitoAccountOf(token)).email;
}

/** verifyToken then checkStaff: the whole staff check of one call (401, then 403, then the record). */
export async function requireStaff(
  authorization: string | undefined,
  op: OperationName,
  deps: StaffCheckDeps = defaultStaffDeps(),
): Promise<StaffIdentity> {
  return checkStaff(await verifyToken(authorization), op, deps);
}

/** For tests that switch user pools between suites. */
export function resetAuth(): void {
  cached = undefined;
}
