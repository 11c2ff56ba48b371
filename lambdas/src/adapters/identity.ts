import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityProvider, Profile, Tokens } from '../domain/login';
import { authSettings } from '../lib/env';
import { tooManyRequests, unauthenticated } from '../lib/errors';
import { cachedClient } from './clients';

const cognitoClient = cachedClient(() => new CognitoIdentityProviderClient({}));

/**
 * Errors that mean "these credentials do not sign in". All answer the same 401 so the reply does
 * not tell whether an e-mail has an account (InvalidPasswordException is the stand-in's spelling).
 */
const WRONG = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

const nameOf = (e: unknown) => (e instanceof Error ? e.name : '');

function throwIfThrottled(e: unknown): void {
  if (nameOf(e) === 'TooManyRequestsException' || nameOf(e) === 'LimitExceededException')
    throw tooManyRequests('Too many sign-in attempts right now. Try again in a minute.');
}

const clientId = (): string => authSettings().userPoolClientId;

/** The Cognito user pool through its public (token-based) API: no IAM admin actions needed. */
export class CognitoIdentity implements IdentityProvider {
  async signIn(email: string, password: string): Promise<Tokens | null> {
    try {
      const out = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId(),
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const accessToken = out.AuthenticationResult?.AccessToken;
      const refreshToken = out.AuthenticationResult?.RefreshToken;
      if (accessToken && refreshToken) return { accessToken, refreshToken };
      // A challenge instead of tokens: the password was right but the account needs a step first.
      if (out.ChallengeName === 'NEW_PASSWORD_REQUIRED')
        throw unauthenticated('This account must set a new password before it can sign in.');
      throw unauthenticated(
        `This account needs an extra sign-in step (${out.ChallengeName ?? 'unknown'}) that this site does not support.`,
      );
    } catch (e) {
      if (WRONG.has(nameOf(e))) return null;
      throwIfThrottled(e);
      throw e;
    }
  }

  async refresh(refreshToken: string): Promise<string | null> {
    try {
      const out = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId(),
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      return out.AuthenticationResult?.AccessToken ?? null;
    } catch (e) {
      // Cognito answers NotAuthorizedException for a garbled, expired or revoked refresh token.
      if (WRONG.has(nameOf(e))) return null;
      throwIfThrottled(e);
      throw e;
    }
  }

  async revoke(refreshToken: string): Promise<void> {
    try {
      await cognitoClient().send(
        new RevokeTokenCommand({ Token: refreshToken, ClientId: clientId() }),
      );
    } catch (e) {
      // Already revoked, garbled or from another client: nothing left to sign out of.
      if (nameOf(e) === 'NotAuthorizedException' || nameOf(e) === 'UnsupportedTokenTypeException')
        return;
      throw e;
    }
  }

  async profile(accessToken: string): Promise<Profile> {
    const out = await cognitoClient().send(new GetUserCommand({ AccessToken: accessToken }));
    const attribute = (name: string): string =>
      out.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
    const fullName = [attribute('given_name'), attribute('family_name')].filter(Boolean).join(' ');
    return {
      username: out.Username ?? '',
      email: attribute('email'),
      name: attribute('name') || fullName,
    };
  }
}
