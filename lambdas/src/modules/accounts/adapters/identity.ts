import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type ChallengeNameType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ChallengeName, IdentityProvider, SignInStep, StepRefusal } from '../domain/login';
import type { TotpService } from '../domain/mfa';
import { cognitoClient, cognitoProfile } from '../../../platform/staff/cognito-account';
import type { Profile } from '../../../platform/staff/ports';
import type { AccountDirectory, PasswordService } from '../domain/password';
import { authSettings } from '../../../platform/env';
import { tooManyRequests, unauthenticated } from '../../../platform/errors';

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

/** A challenge answer the pool refused, by what it means for the person (anything else is thrown). */
const STEP_REFUSALS: Readonly<Record<string, StepRefusal>> = {
  CodeMismatchException: 'wrong-code',
  // Cognito's answer to a code already used in its 30 s window.
  ExpiredCodeException: 'wrong-code',
  // The session is expired, was answered already, or belongs to another user (an edited e-mail).
  NotAuthorizedException: 'expired',
  UserNotFoundException: 'expired',
  InvalidParameterException: 'expired',
  InvalidPasswordException: 'weak-password',
};

/**
 * ForgotPassword refusals that depend on the account (none, disabled, no verified e-mail, its own
 * send limit, the stand-in's missing e-mail): all hidden behind the same 202.
 */
const RESET_NOT_SENT = new Set([
  'UserNotFoundException',
  'NotAuthorizedException',
  'InvalidParameterException',
  'LimitExceededException',
  'TooManyRequestsException',
  'CodeDeliveryFailureException',
  'UnsupportedError',
]);

const RESET_CODE_REFUSED = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotFoundException',
  'NotAuthorizedException',
]);

const CODE_REFUSED = new Set([
  'CodeMismatchException',
  'EnableSoftwareTokenMFAException',
  'ExpiredCodeException',
]);

const nameOf = (e: unknown) => (e instanceof Error ? e.name : '');

function throwIfThrottled(e: unknown): void {
  const name = nameOf(e);
  if (
    name === 'TooManyRequestsException' ||
    name === 'LimitExceededException' ||
    name === 'TooManyFailedAttemptsException'
  )
    throw tooManyRequests('Too many sign-in attempts right now. Try again in a minute.');
}

const clientId = (): string => authSettings().userPoolClientId;
const userPoolId = (): string => authSettings().userPoolId;

const SUPPORTED_CHALLENGES: readonly ChallengeName[] = [
  'SOFTWARE_TOKEN_MFA',
  'NEW_PASSWORD_REQUIRED',
];
const isSupported = (name: ChallengeNameType | undefined): name is ChallengeName =>
  SUPPORTED_CHALLENGES.some((c) => c === name);

/** The pool's answer to InitiateAuth or RespondToAuthChallenge as a sign-in step. */
function stepOf(
  out: {
    AuthenticationResult?: AuthenticationResultType;
    ChallengeName?: ChallengeNameType;
    Session?: string;
  },
  email: string,
): SignInStep {
  const accessToken = out.AuthenticationResult?.AccessToken;
  const refreshToken = out.AuthenticationResult?.RefreshToken;
  if (accessToken && refreshToken) return { tokens: { accessToken, refreshToken } };
  if (isSupported(out.ChallengeName) && out.Session)
    return { challenge: out.ChallengeName, poolSession: out.Session, email };
  throw unauthenticated(
    `This account needs an extra sign-in step (${out.ChallengeName ?? 'unknown'}) that this site does not support.`,
  );
}

/**
 * The Cognito user pool through its public (token-based) API: sign-in and its steps, the signed-in
 * user's password and TOTP, sign-out. No IAM admin actions needed.
 */
export class CognitoIdentity implements IdentityProvider, PasswordService, TotpService {
  async signIn(email: string, password: string): Promise<SignInStep | null> {
    try {
      const out = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId(),
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return stepOf(out, email);
    } catch (e) {
      if (WRONG.has(nameOf(e))) return null;
      throwIfThrottled(e);
      throw e;
    }
  }

  async answerChallenge(
    email: string,
    challenge: ChallengeName,
    poolSession: string,
    answer: string,
  ): Promise<SignInStep | { refused: StepRefusal }> {
    const responses: Record<string, string> =
      challenge === 'SOFTWARE_TOKEN_MFA'
        ? { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: answer }
        : { USERNAME: email, NEW_PASSWORD: answer };
    try {
      const out = await cognitoClient().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: challenge,
          Session: poolSession,
          ChallengeResponses: responses,
        }),
      );
      return stepOf(out, email);
    } catch (e) {
      const refused = STEP_REFUSALS[nameOf(e)];
      if (refused) return { refused };
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

  async signOutEverywhere(accessToken: string): Promise<void> {
    try {
      await cognitoClient().send(new GlobalSignOutCommand({ AccessToken: accessToken }));
    } catch (e) {
      // The token was revoked already: its user was signed out everywhere.
      if (nameOf(e) === 'NotAuthorizedException') return;
      throw e;
    }
  }

  profile(accessToken: string): Promise<Profile> {
    return cognitoProfile(accessToken);
  }

  async setName(accessToken: string, name: string): Promise<void> {
    await cognitoClient().send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'name', Value: name }],
      }),
    );
  }

  async changePassword(
    accessToken: string,
    current: string,
    next: string,
  ): Promise<'done' | 'wrong-password' | 'weak-password'> {
    try {
      await cognitoClient().send(
        new ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: current,
          ProposedPassword: next,
        }),
      );
      return 'done';
    } catch (e) {
      if (nameOf(e) === 'NotAuthorizedException') return 'wrong-password';
      if (nameOf(e) === 'InvalidPasswordException') return 'weak-password';
      throwIfThrottled(e);
      throw e;
    }
  }

  async forgotPassword(email: string): Promise<{ sent: boolean; reason?: string }> {
    try {
      await cognitoClient().send(
        new ForgotPasswordCommand({ ClientId: clientId(), Username: email }),
      );
      return { sent: true };
    } catch (e) {
      if (RESET_NOT_SENT.has(nameOf(e))) return { sent: false, reason: nameOf(e) };
      throw e;
    }
  }

  async confirmReset(
    email: string,
    code: string,
    password: string,
  ): Promise<'done' | 'wrong-code' | 'weak-password'> {
    try {
      await cognitoClient().send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId(),
          Username: email,
          ConfirmationCode: code,
          Password: password,
        }),
      );
      return 'done';
    } catch (e) {
      if (RESET_CODE_REFUSED.has(nameOf(e))) return 'wrong-code';
      if (nameOf(e) === 'InvalidPasswordException') return 'weak-password';
      throwIfThrottled(e);
      throw e;
    }
  }

  async associate(accessToken: string): Promise<string> {
    const out = await cognitoClient().send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    if (!out.SecretCode) throw new Error('AssociateSoftwareToken answered no secret');
    return out.SecretCode;
  }

  async verify(accessToken: string, code: string): Promise<boolean> {
    try {
      const out = await cognitoClient().send(
        new VerifySoftwareTokenCommand({
          AccessToken: accessToken,
          UserCode: code,
          FriendlyDeviceName: 'Authenticator app',
        }),
      );
      return out.Status === 'SUCCESS';
    } catch (e) {
      // Cognito: EnableSoftwareTokenMFAException for a wrong code (the stand-in: CodeMismatchException),
      // ExpiredCodeException for a code of a time step already used.
      if (CODE_REFUSED.has(nameOf(e))) return false;
      throwIfThrottled(e);
      throw e;
    }
  }

  async setEnabled(accessToken: string, enabled: boolean): Promise<void> {
    await cognitoClient().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
      }),
    );
  }
}

/**
 * The pool's admin API, for the one place a person acts with no token: a password reset, which
 * ends every session of the account (cognito-idp:AdminGetUser and AdminUserGlobalSignOut).
 */
export class CognitoAccountDirectory implements AccountDirectory {
  async findByEmail(
    email: string,
  ): Promise<{ sub: string; email: string; username: string } | null> {
    try {
      const out = await cognitoClient().send(
        new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }),
      );
      const attribute = (name: string): string =>
        out.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
      const username = out.Username ?? '';
      return { sub: attribute('sub') || username, email: attribute('email') || email, username };
    } catch (e) {
      if (nameOf(e) === 'UserNotFoundException') return null;
      throw e;
    }
  }

  async signOutAccount(username: string): Promise<void> {
    try {
      await cognitoClient().send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }),
      );
    } catch (e) {
      if (nameOf(e) === 'UserNotFoundException') return;
      throw e;
    }
  }
}
