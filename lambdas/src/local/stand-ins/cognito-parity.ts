import { randomInt } from 'node:crypto';
import type { Router, Route } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import * as z from 'zod';
import {
  AUTH_CHALLENGE_MINUTES,
  PASSWORD_POLICY,
  passwordProblems,
  passwordRuleMessage,
} from '@agency/shared';
import type { ParityState } from './cognito-state';
import { verifyAccessToken, type SigningKeys } from './cognito-tokens';
import { matchingStep } from './totp';

/**
 * The Cognito parity layer: cognito-local 5.3's router with the targets where it differs from
 * Cognito in ways the admin accounts depend on replaced by ours (each may call theirs). "Anything
 * the local stack does that AWS does differently is a bug in the local stack": every rule below
 * cites the AWS documentation it follows (Amazon Cognito API Reference, cognito-idp 2016-04-18).
 *
 * - Challenge sessions are real (InitiateAuth/RespondToAuthChallenge "Session": "The session
 *   identifier … can only be used once", valid for the app client's AuthSessionValidity, 3 minutes
 *   by default): only a session we issued, for that user and that challenge, within
 *   AUTH_CHALLENGE_MINUTES; otherwise NotAuthorizedException "Invalid session for the user.".
 * - Wrong password or unknown user: NotAuthorizedException "Incorrect username or password." (with
 *   PreventUserExistenceErrors ENABLED; cognito-local answers InvalidPasswordException), also for
 *   a FORCE_CHANGE_PASSWORD account's temporary password, which is checked before the
 *   NEW_PASSWORD_REQUIRED challenge is offered and expires after TemporaryPasswordValidityDays
 *   (PasswordPolicyType).
 * - Disabled users (AdminDisableUser: "A deactivated user can't sign in") get NotAuthorizedException
 *   "User is disabled." on sign-in and refresh; disabling "revokes all access tokens".
 * - Refresh tokens from RespondToAuthChallenge are kept, so they refresh and can be revoked.
 * - A TOTP code works once (ExpiredCodeException "Your software token has already been used
 *   once.", what Cognito answers on RespondToAuthChallenge SOFTWARE_TOKEN_MFA and
 *   VerifySoftwareToken for a code of an already used time step).
 * - The password policy (PASSWORD_POLICY, what infra sets on the pool) on RespondToAuthChallenge
 *   NEW_PASSWORD, ChangePassword, ConfirmForgotPassword, AdminSetUserPassword, AdminCreateUser's
 *   TemporaryPassword and SignUp: InvalidPasswordException "Password did not conform with policy: …".
 * - GlobalSignOut / AdminUserGlobalSignOut ("Invalidates the identity, access, and refresh tokens
 *   that Amazon Cognito issued to a user … returns an Access Token has been revoked error"), and
 *   the token-authorized calls verify the access token's signature, expiry and revocation.
 * - ForgotPassword for an unknown user answers a simulated CodeDeliveryDetails (PreventUserExistenceErrors
 *   ENABLED: "Amazon Cognito returns … a simulated destination"), destinations masked as Cognito does.
 * - AdminCreateUser without TemporaryPassword generates one that meets the policy ("If you don't
 *   specify a value, Amazon Cognito generates one for you" that conforms to the password policy).
 */

type Errors = typeof import('cognito-local/lib/errors');

export interface ParityDeps {
  services: Services;
  errors: Errors;
  keys: SigningKeys;
  state: ParityState;
}

interface OpenChallenge {
  username: string;
  challenge: string;
  expiresAt: number;
}

const INVALID_SESSION = 'Invalid session for the user.';
const WRONG_PASSWORD = 'Incorrect username or password.';
const USER_DISABLED = 'User is disabled.';
const TEMP_PASSWORD_EXPIRED =
  'Temporary password has expired and must be reset by an administrator.';
const DAY_MS = 24 * 60 * 60 * 1000;

const strings = z.record(z.string(), z.string());
const initiateAuth = z.looseObject({
  AuthFlow: z.string(),
  ClientId: z.string(),
  AuthParameters: strings.optional(),
});
const respond = z.looseObject({
  ClientId: z.string(),
  ChallengeName: z.string(),
  Session: z.string(),
  ChallengeResponses: z.looseObject({ USERNAME: z.string() }).and(strings),
});
const tokenCall = z.looseObject({ AccessToken: z.string() });
const withClient = z.looseObject({ ClientId: z.string(), Username: z.string() });
const withPool = z.looseObject({ UserPoolId: z.string(), Username: z.string() });
const challengeResult = z.looseObject({
  ChallengeName: z.string().optional(),
  Session: z.string().optional(),
  AuthenticationResult: z.looseObject({ RefreshToken: z.string().optional() }).optional(),
});

const subOf = (user: User): string =>
  user.Attributes.find((a) => a.Name === 'sub')?.Value ?? user.Username;

/** "a***@e***", as Cognito shows a code's destination. */
export function maskDestination(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain.slice(0, 1)}***` : `${local.slice(0, 1)}***`;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%&*+-=?@^_~';

/** A temporary password that meets PASSWORD_POLICY, as Cognito generates one. */
export function generateTemporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] ?? 'x';
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < Math.max(PASSWORD_POLICY.minLength, 16)) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** Our router: `(target) => ours[target] ?? theirs(target)`. */
export function parityRouter(theirs: Router, deps: ParityDeps): Router {
  const { services, errors, keys, state } = deps;
  const { cognito } = services;
  const sessions = new Map<string, OpenChallenge>();
  const now = () => services.clock.get().getTime();
  const notAuthorized = (message: string) => new errors.NotAuthorizedError(message);
  const call = (target: string, ctx: Context, req: unknown): Promise<unknown> =>
    theirs(target)(ctx, req);

  const checkPolicy = (password: string | undefined) => {
    if (password === undefined) return;
    const problems = passwordProblems(password);
    if (problems.length > 0)
      throw new errors.CognitoError(
        'InvalidPasswordException',
        `Password did not conform with policy: ${passwordRuleMessage(problems)}`,
      );
  };

  const tempPasswordExpired = (user: User) => {
    const setAt = state.tempPasswordSetAt(user.Username) ?? new Date(user.UserCreateDate).getTime();
    return now() - setAt > PASSWORD_POLICY.tempPasswordDays * DAY_MS;
  };

  /** Remember the session of a challenge we hand out. */
  const openChallenge = (result: unknown, user: User) => {
    const parsed = challengeResult.safeParse(result);
    if (parsed.success && parsed.data.Session && parsed.data.ChallengeName)
      sessions.set(parsed.data.Session, {
        username: user.Username,
        challenge: parsed.data.ChallengeName,
        expiresAt: now() + AUTH_CHALLENGE_MINUTES * 60_000,
      });
    for (const [id, open] of sessions) if (open.expiresAt <= now()) sessions.delete(id);
  };

  /** The time step of a code not used before; ExpiredCodeException for a used one. */
  const unusedStep = (user: User, code: string | undefined): number | null => {
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret || !code) return null;
    const step = matchingStep(secret, code, now());
    const last = state.lastTotpStep(subOf(user));
    if (step !== null && last !== undefined && step <= last)
      throw new errors.CognitoError(
        'ExpiredCodeException',
        'Your software token has already been used once.',
      );
    return step;
  };

  /** Who a token-authorized call is from: a valid, unrevoked access token of an enabled user. */
  const authorize = async (
    ctx: Context,
    req: unknown,
  ): Promise<{ pool: UserPoolService; user: User } | null> => {
    const parsed = tokenCall.safeParse(req);
    if (!parsed.success) return null;
    const verified = verifyAccessToken(parsed.data.AccessToken, keys, state, now());
    if (!verified.ok) throw notAuthorized(verified.problem);
    const pool = await cognito.getUserPoolForClientId(ctx, verified.claims.client_id);
    const user = await pool.getUserByUsername(ctx, verified.claims.sub);
    if (!user) throw new errors.UserNotFoundError('User does not exist.');
    if (!user.Enabled) throw notAuthorized(USER_DISABLED);
    return { pool, user };
  };

  const signOut = async (ctx: Context, pool: UserPoolService, user: User) => {
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    await state.revokeAll(subOf(user), Math.floor(now() / 1000));
  };

  const tokenAuthorized =
    (target: string): Route =>
    async (ctx, req) => {
      await authorize(ctx, req);
      return call(target, ctx, req);
    };

  const ours: Record<string, Route> = {
    async InitiateAuth(ctx, req) {
      const parsed = initiateAuth.safeParse(req);
      if (!parsed.success) return call('InitiateAuth', ctx, req);
      const { AuthFlow, ClientId, AuthParameters: params = {} } = parsed.data;
      const pool = await cognito.getUserPoolForClientId(ctx, ClientId);
      if (AuthFlow === 'USER_PASSWORD_AUTH' && params.USERNAME && params.PASSWORD !== undefined) {
        const user = await pool.getUserByUsername(ctx, params.USERNAME);
        if (!user || user.Password !== params.PASSWORD) throw notAuthorized(WRONG_PASSWORD);
        if (!user.Enabled) throw notAuthorized(USER_DISABLED);
        if (user.UserStatus === 'FORCE_CHANGE_PASSWORD' && tempPasswordExpired(user))
          throw notAuthorized(TEMP_PASSWORD_EXPIRED);
        const result = await call('InitiateAuth', ctx, req);
        openChallenge(result, user);
        return result;
      }
      if (
        (AuthFlow === 'REFRESH_TOKEN_AUTH' || AuthFlow === 'REFRESH_TOKEN') &&
        params.REFRESH_TOKEN
      ) {
        const user = await pool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN);
        if (!user) throw notAuthorized('Invalid Refresh Token');
        if (!user.Enabled) throw notAuthorized(USER_DISABLED);
      }
      return call('InitiateAuth', ctx, req);
    },

    async RespondToAuthChallenge(ctx, req) {
      const parsed = respond.safeParse(req);
      if (!parsed.success) return call('RespondToAuthChallenge', ctx, req);
      const { ClientId, ChallengeName, Session, ChallengeResponses: answers } = parsed.data;
      const open = sessions.get(Session);
      if (!open || open.expiresAt <= now() || open.challenge !== ChallengeName)
        throw notAuthorized(INVALID_SESSION);
      const pool = await cognito.getUserPoolForClientId(ctx, ClientId);
      const user = await pool.getUserByUsername(ctx, answers.USERNAME);
      if (!user || user.Username !== open.username) throw notAuthorized(INVALID_SESSION);
      if (!user.Enabled) throw notAuthorized(USER_DISABLED);
      if (ChallengeName === 'NEW_PASSWORD_REQUIRED') checkPolicy(answers.NEW_PASSWORD);
      const step =
        ChallengeName === 'SOFTWARE_TOKEN_MFA'
          ? unusedStep(user, answers.SOFTWARE_TOKEN_MFA_CODE)
          : null;
      let result: unknown;
      try {
        result = await call('RespondToAuthChallenge', ctx, req);
      } catch (error) {
        if (error instanceof errors.CognitoError && error.code === 'CodeMismatchException')
          throw new errors.CognitoError('CodeMismatchException', 'Invalid code received for user');
        throw error;
      }
      sessions.delete(Session);
      if (step !== null) await state.acceptTotpStep(subOf(user), step);
      openChallenge(result, user);
      const refresh = challengeResult.safeParse(result).data?.AuthenticationResult?.RefreshToken;
      if (refresh) {
        // cognito-local stores only the password flow's refresh tokens.
        const fresh = await pool.getUserByUsername(ctx, user.Username);
        if (fresh) await pool.storeRefreshToken(ctx, refresh, fresh);
      }
      return result;
    },

    GetUser: tokenAuthorized('GetUser'),
    AssociateSoftwareToken: tokenAuthorized('AssociateSoftwareToken'),
    SetUserMFAPreference: tokenAuthorized('SetUserMFAPreference'),

    async VerifySoftwareToken(ctx, req) {
      const who = await authorize(ctx, req);
      const code = z.looseObject({ UserCode: z.string() }).safeParse(req).data?.UserCode;
      const step = who ? unusedStep(who.user, code) : null;
      try {
        const result = await call('VerifySoftwareToken', ctx, req);
        if (who && step !== null) await state.acceptTotpStep(subOf(who.user), step);
        return result;
      } catch (error) {
        // Cognito's answer to a wrong code at enrolment.
        if (error instanceof errors.CognitoError && error.code === 'CodeMismatchException')
          throw new errors.CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
        throw error;
      }
    },

    async ChangePassword(ctx, req) {
      const who = await authorize(ctx, req);
      const body = z
        .looseObject({ PreviousPassword: z.string(), ProposedPassword: z.string() })
        .safeParse(req);
      if (who && body.success) {
        if (who.user.Password !== body.data.PreviousPassword) throw notAuthorized(WRONG_PASSWORD);
        checkPolicy(body.data.ProposedPassword);
      }
      return call('ChangePassword', ctx, req);
    },

    async GlobalSignOut(ctx, req) {
      const who = await authorize(ctx, req);
      if (!who) throw new errors.InvalidParameterError('Missing required parameter AccessToken');
      await signOut(ctx, who.pool, who.user);
      return {};
    },

    async AdminUserGlobalSignOut(ctx, req) {
      const parsed = withPool.safeParse(req);
      if (!parsed.success)
        throw new errors.InvalidParameterError('UserPoolId and Username are required');
      const pool = await cognito.getUserPool(ctx, parsed.data.UserPoolId);
      const user = await pool.getUserByUsername(ctx, parsed.data.Username);
      if (!user) throw new errors.UserNotFoundError('User does not exist.');
      await signOut(ctx, pool, user);
      return {};
    },

    async AdminDisableUser(ctx, req) {
      const result = await call('AdminDisableUser', ctx, req);
      const parsed = withPool.safeParse(req);
      if (parsed.success) {
        const pool = await cognito.getUserPool(ctx, parsed.data.UserPoolId);
        const user = await pool.getUserByUsername(ctx, parsed.data.Username);
        if (user) await state.revokeAll(subOf(user), Math.floor(now() / 1000));
      }
      return result;
    },

    async ForgotPassword(ctx, req) {
      const parsed = withClient.safeParse(req);
      if (!parsed.success) return call('ForgotPassword', ctx, req);
      const pool = await cognito.getUserPoolForClientId(ctx, parsed.data.ClientId);
      const user = await pool.getUserByUsername(ctx, parsed.data.Username);
      const email = user?.Attributes.find((a) => a.Name === 'email')?.Value;
      if (user) await call('ForgotPassword', ctx, req);
      return {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: maskDestination(email ?? parsed.data.Username),
        },
      };
    },

    async ConfirmForgotPassword(ctx, req) {
      const parsed = withClient
        .extend({ ConfirmationCode: z.string(), Password: z.string() })
        .safeParse(req);
      if (!parsed.success) return call('ConfirmForgotPassword', ctx, req);
      const pool = await cognito.getUserPoolForClientId(ctx, parsed.data.ClientId);
      const user = await pool.getUserByUsername(ctx, parsed.data.Username);
      // An unknown user answers like a wrong code (PreventUserExistenceErrors ENABLED).
      if (!user?.ConfirmationCode || user.ConfirmationCode !== parsed.data.ConfirmationCode)
        throw new errors.CognitoError(
          'CodeMismatchException',
          'Invalid verification code provided, please try again.',
        );
      checkPolicy(parsed.data.Password);
      return call('ConfirmForgotPassword', ctx, req);
    },

    async AdminSetUserPassword(ctx, req) {
      const parsed = withPool
        .extend({ Password: z.string(), Permanent: z.boolean().optional() })
        .safeParse(req);
      if (!parsed.success) return call('AdminSetUserPassword', ctx, req);
      checkPolicy(parsed.data.Password);
      const result = await call('AdminSetUserPassword', ctx, req);
      if (!parsed.data.Permanent) {
        const pool = await cognito.getUserPool(ctx, parsed.data.UserPoolId);
        const user = await pool.getUserByUsername(ctx, parsed.data.Username);
        if (user) await state.setTempPassword(user.Username, now());
      }
      return result;
    },

    async AdminCreateUser(ctx, req) {
      const parsed = withPool.extend({ TemporaryPassword: z.string().optional() }).safeParse(req);
      if (!parsed.success) return call('AdminCreateUser', ctx, req);
      checkPolicy(parsed.data.TemporaryPassword);
      const TemporaryPassword = parsed.data.TemporaryPassword ?? generateTemporaryPassword();
      const result = await call('AdminCreateUser', ctx, { ...parsed.data, TemporaryPassword });
      const created = z.object({ User: z.looseObject({ Username: z.string() }) }).safeParse(result);
      if (created.success) await state.setTempPassword(created.data.User.Username, now());
      return result;
    },

    async SignUp(ctx, req) {
      checkPolicy(z.looseObject({ Password: z.string() }).safeParse(req).data?.Password);
      return call('SignUp', ctx, req);
    },
  };

  return (target) => ours[target] ?? theirs(target);
}
