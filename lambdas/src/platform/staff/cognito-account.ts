import { logger, type Logger } from '../logger';
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cachedClient } from '../aws/clients';
import type { Profile } from './ports';

/** The user pool's API client, made once per container. */
export const cognitoClient = cachedClient(() => new CognitoIdentityProviderClient({}));

/** What Cognito says of an account that has no account record yet. */
export interface CognitoAccount {
  email: string;
  name: string;
  mfa: boolean;
}

/** Tokens live an hour: a warm container keeps the few members' recent ones, not every token it saw. */
const MAX_CACHED = 50;
const cache = new Map<string, Promise<CognitoAccount>>();

/**
 * An account from before account records (none written yet: not signed in through the API since)
 * as Cognito has it: access tokens carry no e-mail, name or TOTP state, so they are asked of Cognito
 * (GetUser with the member's own token, no IAM permission) once per token per container. If Cognito
 * cannot answer, no e-mail, no name and no TOTP (a stage that requires TOTP then refuses everything
 * but enrolment: it fails closed).
 */
export function cognitoAccountOf(
  token: { readonly accessToken: string },
  log: Logger = logger,
): Promise<CognitoAccount> {
  const key = token.accessToken;
  const known = cache.get(key);
  if (known) return known;
  const account = cognitoProfile(key).then(
    ({ email, name, mfa }): CognitoAccount => ({ email, name, mfa }),
    (error: unknown): CognitoAccount => {
      cache.delete(key);
      log.warn('account unavailable from Cognito; going on without its e-mail', { error });
      return { email: '', name: '', mfa: false };
    },
  );
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, account);
  return account;
}

/** Who holds an access token, as Cognito says (GetUser with the token itself: no IAM permission). */
export async function cognitoProfile(accessToken: string): Promise<Profile> {
  const out = await cognitoClient().send(new GetUserCommand({ AccessToken: accessToken }));
  const attribute = (name: string): string =>
    out.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
  const fullName = [attribute('given_name'), attribute('family_name')].filter(Boolean).join(' ');
  return {
    username: out.Username ?? '',
    sub: attribute('sub') || (out.Username ?? ''),
    email: attribute('email'),
    name: attribute('name') || fullName,
    mfa: (out.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
  };
}
