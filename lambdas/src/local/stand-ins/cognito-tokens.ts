import { AsyncLocalStorage } from 'node:async_hooks';
import {
  randomUUID,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Context } from 'cognito-local/lib/services/context';
import type { TokenGenerator, Tokens } from 'cognito-local/lib/services/tokenGenerator';
import type { User } from 'cognito-local/lib/services/userPoolService';
import * as z from 'zod';
import type { ParityState } from './cognito-state';

/**
 * Access tokens of the local user pool as Cognito issues and checks them: they carry the scopes
 * the pre-token-generation V2 trigger adds (our `staff-scopes` function, called here as Cognito
 * calls it in AWS), and the token-authorized API calls verify signature, expiry and revocation
 * (cognito-local only decodes them).
 */

/** cognito-local's signing key pair (`lib/keys`), the one its JWKS endpoint publishes. */
export interface SigningKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const keyFile = z.object({ pem: z.string() });

/** The key pair from cognito-local's key files, as loaded by its own require. */
export function signingKeys(privateJson: unknown, publicJson: unknown): SigningKeys {
  return {
    // tokenGenerator.js signs with this kid.
    kid: 'CognitoLocal',
    privateKey: createPrivateKey(keyFile.parse(privateJson).pem),
    publicKey: createPublicKey(keyFile.parse(publicJson).pem),
  };
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

const accessClaims = z.looseObject({
  sub: z.string(),
  jti: z.string(),
  exp: z.number(),
  iat: z.number(),
  client_id: z.string(),
  token_use: z.string(),
  username: z.string(),
  scope: z.string().default(''),
});
export type AccessClaims = z.infer<typeof accessClaims>;

function decodePart(part: string | undefined): unknown {
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The claims of an access token we issued (not verified: for bookkeeping only). */
export function accessClaimsOf(token: string): AccessClaims | null {
  return accessClaims.safeParse(decodePart(token.split('.')[1])).data ?? null;
}

function sign(payload: object, keys: SigningKeys): string {
  const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: keys.kid }));
  const body = b64(JSON.stringify(payload));
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(keys.privateKey);
  return `${head}.${body}.${b64(signature)}`;
}

/** Why an access token is refused, in Cognito's words (NotAuthorizedException messages). */
export type AccessTokenProblem =
  'Invalid Access Token' | 'Access Token has expired' | 'Access Token has been revoked';

/**
 * Verify an access token as Cognito does for token-authorized calls (GetUser, ChangePassword…):
 * our signature, `token_use` access, not expired, not revoked.
 */
export function verifyAccessToken(
  token: unknown,
  keys: SigningKeys,
  state: ParityState,
  nowMs: number,
): { ok: true; claims: AccessClaims } | { ok: false; problem: AccessTokenProblem } {
  const parts = typeof token === 'string' ? token.split('.') : [];
  const [head, body, signature] = parts;
  const header = z.object({ alg: z.literal('RS256') }).safeParse(decodePart(head));
  const claims = accessClaims.safeParse(decodePart(body));
  if (parts.length !== 3 || !header.success || !claims.success || !signature)
    return { ok: false, problem: 'Invalid Access Token' };
  const valid = createVerify('RSA-SHA256')
    .update(`${head}.${body}`)
    .verify(keys.publicKey, Buffer.from(signature, 'base64url'));
  if (!valid || claims.data.token_use !== 'access')
    return { ok: false, problem: 'Invalid Access Token' };
  if (claims.data.exp * 1000 <= nowMs) return { ok: false, problem: 'Access Token has expired' };
  if (state.isRevoked(claims.data.jti))
    return { ok: false, problem: 'Access Token has been revoked' };
  return { ok: true, claims: claims.data };
}

/**
 * The refresh token of the REFRESH_TOKEN_AUTH call being answered (cognito-parity.ts runs the call
 * inside it): cognito-local does not hand it to the token generator, which needs its origin_jti.
 */
export const refreshingWith = new AsyncLocalStorage<string>();

/** The pre-token-generation V2 trigger as a function of its event (our `staff-scopes` handler). */
export type PreTokenTrigger = (
  event: PreTokenGenerationV2TriggerEvent,
) => Promise<PreTokenGenerationV2TriggerEvent>;

type Source = Parameters<TokenGenerator['generate']>[5];

/**
 * cognito-local's JwtTokenGenerator, then what Cognito does besides: the V2 trigger's access-token
 * scopes applied (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-lambda-pre-token-generation.html:
 * `scopesToAdd`, `scopesToSuppress`), `origin_jti` added ("a token-revocation identifier associated
 * with your user's refresh token": new at each sign-in, the same in every access token its refresh
 * token renews; https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-access-token.html),
 * re-signed with the same key and kid, and each access token remembered so GlobalSignOut can revoke it.
 */
export class ParityTokenGenerator implements TokenGenerator {
  constructor(
    private readonly inner: TokenGenerator,
    private readonly keys: SigningKeys,
    private readonly state: ParityState,
    private readonly trigger: PreTokenTrigger,
  ) {}

  async generate(
    ctx: Context,
    user: User,
    userGroups: readonly string[],
    userPoolClient: AppClient,
    clientMetadata: Record<string, string> | undefined,
    source: Source,
  ): Promise<Tokens> {
    const tokens = await this.inner.generate(
      ctx,
      user,
      userGroups,
      userPoolClient,
      clientMetadata,
      source,
    );
    const claims = accessClaims.parse(decodePart(tokens.AccessToken.split('.')[1]));
    const scopes = claims.scope.split(' ').filter(Boolean);
    const attributes = Object.fromEntries(
      user.Attributes.flatMap((a) => (a.Value === undefined ? [] : [[a.Name, a.Value]])),
    );
    const event: PreTokenGenerationV2TriggerEvent = {
      version: '2',
      triggerSource: `TokenGeneration_${source}`,
      region: 'local',
      userPoolId: userPoolClient.UserPoolId,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'cognito-local', clientId: userPoolClient.ClientId },
      request: {
        userAttributes: attributes,
        groupConfiguration: { groupsToOverride: [...userGroups] },
        scopes,
        ...(clientMetadata ? { clientMetadata } : {}),
      },
      response: { claimsAndScopeOverrideDetails: {} },
    };
    const result = await this.trigger(event);
    const access = result.response.claimsAndScopeOverrideDetails.accessTokenGeneration;
    const suppressed = access?.scopesToSuppress ?? [];
    const scope = [...new Set([...scopes, ...(access?.scopesToAdd ?? [])])]
      .filter((s) => !suppressed.includes(s))
      .join(' ');
    // The refresh flow's new refresh token is dropped by cognito-local; InitiateAuth links that
    // access token to the refresh token that asked for it (cognito-parity.ts).
    const refreshToken = source === 'RefreshTokens' ? undefined : tokens.RefreshToken;
    const renewing = source === 'RefreshTokens' ? refreshingWith.getStore() : undefined;
    const originJti = (renewing && this.state.originOf(renewing)) ?? randomUUID();
    if (refreshToken) await this.state.recordOrigin(refreshToken, originJti);
    await this.state.recordIssued(claims, refreshToken, claims.iat);
    return {
      ...tokens,
      AccessToken: sign({ ...claims, scope, origin_jti: originJti }, this.keys),
    };
  }
}
