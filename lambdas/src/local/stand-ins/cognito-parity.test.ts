import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_EMAILS,
  ADMIN_GROUP,
  AUTH_CHALLENGE_MINUTES,
  EDITOR_GROUP,
  PASSWORD_POLICY,
  staffScope,
} from '@agency/shared';
import { passwordProblems } from '@agency/shared/password';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './credentials';
import { startStandIns, type StandIns } from './stand-ins';
import { totpCode, totpStep } from './totp';

/**
 * The local user pool behaves as Cognito does where the admin accounts depend on it, driven
 * through the AWS SDK as the handlers drive it (cognito-parity.ts cites the AWS documentation of
 * each rule).
 */
const MAIL_FROM = 'accounts@agency.test';
const PASSWORD = 'Str0ng-Passw0rd!';
let standIns: StandIns;
let dataDir: string;
let cognito: CognitoIdentityProviderClient;
let poolId: string;
let clientId: string;
let counter = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cognito-parity-'));
  standIns = await startStandIns({ dataDir, dynamoInMemory: true, mailFrom: MAIL_FROM });
  cognito = new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: standIns.endpoints.cognito,
  });
  const { UserPool } = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'parity',
      // As infra sets the pool: TOTP optional, enforced per stage by the API.
      MfaConfiguration: 'OPTIONAL',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
    }),
  );
  poolId = UserPool?.Id ?? '';
  const { UserPoolClient } = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  clientId = UserPoolClient?.ClientId ?? '';
  for (const group of [ADMIN_GROUP, EDITOR_GROUP])
    await cognito.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
});

afterAll(async () => {
  cognito?.destroy();
  await standIns?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

const uniqueEmail = () => `person${++counter}-${Date.now()}@example.com`;

/** A confirmed user with a permanent password. */
async function createUser(groups: string[] = []): Promise<string> {
  const email = uniqueEmail();
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: email,
      Password: PASSWORD,
      Permanent: true,
    }),
  );
  for (const group of groups)
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: group }),
    );
  return email;
}

const signIn = (email: string, password = PASSWORD) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

async function tokensOf(email: string): Promise<{ access: string; refresh: string }> {
  const { AuthenticationResult } = await signIn(email);
  return {
    access: AuthenticationResult?.AccessToken ?? '',
    refresh: AuthenticationResult?.RefreshToken ?? '',
  };
}

const refresh = (token: string) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: token },
    }),
  );

/** A user with TOTP enrolled; answers its secret and the step of the code it used to enrol. */
async function totpUser(): Promise<{ email: string; secret: string; enrolStep: number }> {
  const email = await createUser();
  const { access } = await tokensOf(email);
  const { SecretCode = '' } = await cognito.send(
    new AssociateSoftwareTokenCommand({ AccessToken: access }),
  );
  const enrolStep = totpStep(Date.now());
  await cognito.send(
    new VerifySoftwareTokenCommand({
      AccessToken: access,
      UserCode: totpCode(SecretCode, enrolStep),
    }),
  );
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: access,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return { email, secret: SecretCode, enrolStep };
}

const answerTotp = (email: string, session: string | undefined, code: string) =>
  cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

/** An invited user (FORCE_CHANGE_PASSWORD) with a known temporary password. */
async function invitedUser(): Promise<string> {
  const email = uniqueEmail();
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  return email;
}

const newPassword = (email: string, session: string | undefined, password: string) =>
  cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    }),
  );

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** Move only `Date` (the stand-ins keep their real timers and sockets). */
function travel(ms: number): void {
  const target = Date.now() + ms;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(target);
}

const refusal = { name: 'NotAuthorizedException' };

describe('challenge sessions', () => {
  it('accepts only a session it issued, for that user and challenge, once', async () => {
    const { email, secret, enrolStep } = await totpUser();
    const other = await totpUser();
    const code = totpCode(secret, enrolStep + 1);

    await expect(answerTotp(email, 'made-up-session', code)).rejects.toMatchObject({
      ...refusal,
      message: 'Invalid session for the user.',
    });
    const first = await signIn(email);
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    // Another user's session does not open this one's challenge.
    const theirs = await signIn(other.email);
    await expect(answerTotp(email, theirs.Session, code)).rejects.toMatchObject(refusal);
    // Nor does it answer a different challenge.
    await expect(newPassword(email, first.Session, PASSWORD)).rejects.toMatchObject(refusal);

    const done = await answerTotp(email, first.Session, code);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(
      answerTotp(email, first.Session, totpCode(secret, enrolStep + 2)),
    ).rejects.toMatchObject({ ...refusal, message: 'Invalid session for the user.' });
  });

  it(`expires after ${AUTH_CHALLENGE_MINUTES} minutes`, async () => {
    const email = await invitedUser();
    const { Session } = await signIn(email);
    travel(AUTH_CHALLENGE_MINUTES * 60_000 + 1_000);
    await expect(newPassword(email, Session, 'An0ther-Passw0rd!')).rejects.toMatchObject({
      ...refusal,
      message: 'Invalid session for the user.',
    });
  });
});

describe('invited accounts (FORCE_CHANGE_PASSWORD)', () => {
  it('check the temporary password before offering the new-password challenge', async () => {
    const email = await invitedUser();
    await expect(signIn(email, 'Wr0ng-Passw0rd!')).rejects.toMatchObject({
      ...refusal,
      message: 'Incorrect username or password.',
    });
    const { ChallengeName, Session } = await signIn(email);
    expect(ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    // A weak new password is refused by the pool's policy; the session stays open for a good one.
    await expect(newPassword(email, Session, 'short')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: expect.stringMatching(/^Password did not conform with policy: /),
    });
    const done = await newPassword(email, Session, 'An0ther-Passw0rd!');
    // The refresh token of a challenge's answer is kept, so it refreshes.
    const refreshed = await refresh(done.AuthenticationResult?.RefreshToken ?? '');
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(signIn(email, 'An0ther-Passw0rd!')).resolves.toMatchObject({
      AuthenticationResult: expect.anything(),
    });
  });

  it(`refuse a temporary password older than ${PASSWORD_POLICY.tempPasswordDays} days`, async () => {
    const email = await invitedUser();
    travel(PASSWORD_POLICY.tempPasswordDays * 24 * 3600_000 + 60_000);
    await expect(signIn(email)).rejects.toMatchObject({
      ...refusal,
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
  });
});

describe('disabled users', () => {
  it('cannot sign in, refresh or use their access token', async () => {
    const email = await createUser();
    const { access, refresh: refreshToken } = await tokensOf(email);
    await cognito.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: email }));
    await expect(signIn(email)).rejects.toMatchObject({ ...refusal, message: 'User is disabled.' });
    await expect(refresh(refreshToken)).rejects.toMatchObject({
      ...refusal,
      message: 'User is disabled.',
    });
    await expect(cognito.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject({
      ...refusal,
      message: 'Access Token has been revoked',
    });
  });
});

describe('TOTP codes', () => {
  it('are good once, at enrolment and at sign-in', async () => {
    const { email, secret, enrolStep } = await totpUser();
    // The enrolment code again, in the same window: Cognito's "already used" answer.
    const first = await signIn(email);
    await expect(
      answerTotp(email, first.Session, totpCode(secret, enrolStep)),
    ).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Your software token has already been used once.',
    });
    await expect(answerTotp(email, first.Session, '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const next = totpCode(secret, enrolStep + 1);
    await expect(answerTotp(email, first.Session, next)).resolves.toMatchObject({
      AuthenticationResult: expect.anything(),
    });
    const second = await signIn(email);
    await expect(answerTotp(email, second.Session, next)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
    });
  });

  it('refuse a reused code at VerifySoftwareToken and name a wrong one as Cognito does', async () => {
    const email = await createUser();
    const { access } = await tokensOf(email);
    const { SecretCode = '' } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: access }),
    );
    await expect(
      cognito.send(new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: '000000' })),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const code = totpCode(SecretCode, totpStep(Date.now()));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: code }));
    await expect(
      cognito.send(new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: code })),
    ).rejects.toMatchObject({ name: 'ExpiredCodeException' });
  });
});

describe('the password policy', () => {
  const weak = 'weakpassword';
  const policyError = {
    name: 'InvalidPasswordException',
    message: expect.stringMatching(/^Password did not conform with policy: The password needs /),
  };

  it('is enforced on ChangePassword, AdminSetUserPassword, SignUp and AdminCreateUser', async () => {
    expect(passwordProblems(weak).length).toBeGreaterThan(0);
    const email = await createUser();
    const { access } = await tokensOf(email);
    await expect(
      cognito.send(
        new ChangePasswordCommand({
          AccessToken: access,
          PreviousPassword: PASSWORD,
          ProposedPassword: weak,
        }),
      ),
    ).rejects.toMatchObject(policyError);
    // The wrong current password answers as a wrong password does at sign-in.
    await expect(
      cognito.send(
        new ChangePasswordCommand({
          AccessToken: access,
          PreviousPassword: 'Wr0ng-Passw0rd!',
          ProposedPassword: 'An0ther-Passw0rd!',
        }),
      ),
    ).rejects.toMatchObject(refusal);
    await expect(
      cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: poolId,
          Username: email,
          Password: weak,
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject(policyError);
    await expect(
      cognito.send(
        new SignUpCommand({ ClientId: clientId, Username: uniqueEmail(), Password: weak }),
      ),
    ).rejects.toMatchObject(policyError);
    await expect(
      cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: uniqueEmail(),
          TemporaryPassword: weak,
          MessageAction: 'SUPPRESS',
        }),
      ),
    ).rejects.toMatchObject(policyError);
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: access,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'An0ther-Passw0rd!',
      }),
    );
    await expect(signIn(email, 'An0ther-Passw0rd!')).resolves.toBeTruthy();
  });
});

describe('signing out everywhere', () => {
  it('GlobalSignOut revokes the refresh tokens and the access tokens issued before', async () => {
    const email = await createUser();
    const before = await tokensOf(email);
    const other = await tokensOf(email);
    await cognito.send(new GlobalSignOutCommand({ AccessToken: before.access }));
    for (const access of [before.access, other.access])
      await expect(cognito.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject(
        { ...refusal, message: 'Access Token has been revoked' },
      );
    await expect(refresh(other.refresh)).rejects.toMatchObject(refusal);
    const AccessToken = other.access;
    const revokedCalls: (() => Promise<unknown>)[] = [
      () => cognito.send(new AssociateSoftwareTokenCommand({ AccessToken })),
      () =>
        cognito.send(
          new SetUserMFAPreferenceCommand({
            AccessToken,
            SoftwareTokenMfaSettings: { Enabled: false },
          }),
        ),
      () =>
        cognito.send(
          new UpdateUserAttributesCommand({
            AccessToken,
            UserAttributes: [{ Name: 'name', Value: 'Someone' }],
          }),
        ),
      () => cognito.send(new GlobalSignOutCommand({ AccessToken })),
    ];
    for (const revokedCall of revokedCalls)
      await expect(revokedCall()).rejects.toMatchObject({
        ...refusal,
        message: 'Access Token has been revoked',
      });
    const after = await tokensOf(email);
    await expect(
      cognito.send(new GetUserCommand({ AccessToken: after.access })),
    ).resolves.toMatchObject({ UserAttributes: expect.anything() });
    await expect(refresh(after.refresh)).resolves.toBeTruthy();
  });

  it('AdminUserGlobalSignOut does the same from the admin side', async () => {
    const email = await createUser();
    const before = await tokensOf(email);
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: email }));
    await expect(
      cognito.send(
        new ChangePasswordCommand({
          AccessToken: before.access,
          PreviousPassword: PASSWORD,
          ProposedPassword: 'An0ther-Passw0rd!',
        }),
      ),
    ).rejects.toMatchObject({ ...refusal, message: 'Access Token has been revoked' });
    await expect(refresh(before.refresh)).rejects.toMatchObject(refusal);
  });

  it('RevokeToken revokes the access tokens that refresh token produced, and only those', async () => {
    const email = await createUser();
    const session = await tokensOf(email);
    const other = await tokensOf(email);
    const renewed = await refresh(session.refresh);
    const renewedAccess = renewed.AuthenticationResult?.AccessToken ?? '';
    await cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: session.refresh }));
    for (const access of [session.access, renewedAccess])
      await expect(cognito.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject(
        { ...refusal, message: 'Access Token has been revoked' },
      );
    await expect(refresh(session.refresh)).rejects.toMatchObject(refusal);
    await expect(
      cognito.send(new GetUserCommand({ AccessToken: other.access })),
    ).resolves.toBeTruthy();
  });

  it('token-authorized calls check the signature and the expiry', async () => {
    const email = await createUser();
    const { access } = await tokensOf(email);
    const [head, body] = access.split('.');
    const forged = `${head}.${Buffer.from(
      JSON.stringify({ ...claimsOf(access), username: 'someone-else' }),
    ).toString('base64url')}.${access.split('.')[2]}`;
    expect(body).toBeTruthy();
    await expect(cognito.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      ...refusal,
      message: 'Invalid Access Token',
    });
    travel(25 * 3600_000);
    await expect(cognito.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject({
      ...refusal,
      message: 'Access Token has expired',
    });
  });
});

describe('account e-mails and forgotten passwords', () => {
  it('ForgotPassword answers an unknown e-mail like a known one (PreventUserExistenceErrors)', async () => {
    const known = await createUser();
    const answers = await Promise.all(
      [known, 'nobody@example.com'].map((Username) =>
        cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username })),
      ),
    );
    for (const answer of answers)
      expect(answer.CodeDeliveryDetails).toMatchObject({
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
        Destination: expect.stringMatching(/^\w\*\*\*@\w\*\*\*$/),
      });
  });

  it('refuses to reset the password of an invited account that has not chosen one', async () => {
    const email = await invitedUser();
    await expect(
      cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email })),
    ).rejects.toMatchObject({
      ...refusal,
      message: 'User password cannot be reset in the current state.',
    });
  });

  it('delivers the reset code to the mail inbox, and the code resets the password', async () => {
    const email = await createUser();
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const mail = (await standIns.sesMessages()).findLast((m) => m.destination.to.includes(email));
    expect(mail).toMatchObject({ from: MAIL_FROM, subject: ACCOUNT_EMAILS.passwordReset.subject });
    const code = /Your code is (\d{6})/.exec(mail?.body.html ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await expect(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: email,
          ConfirmationCode: code,
          Password: 'weakpassword',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: email,
          ConfirmationCode: '000000' === code ? '111111' : '000000',
          Password: 'Res3t-Passw0rd!',
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: 'Res3t-Passw0rd!',
      }),
    );
    await expect(signIn(email, 'Res3t-Passw0rd!')).resolves.toBeTruthy();
  });

  it('answers CodeDeliveryFailureException while the mail service is down', async () => {
    const email = await createUser();
    await standIns.sesStop();
    try {
      await expect(
        cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email })),
      ).rejects.toMatchObject({ name: 'CodeDeliveryFailureException' });
    } finally {
      await standIns.sesStart();
    }
  });

  it('sends the invitation with a generated temporary password that meets the policy', async () => {
    const email = uniqueEmail();
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const mail = (await standIns.sesMessages()).findLast((m) => m.destination.to.includes(email));
    expect(mail).toMatchObject({ from: MAIL_FROM, subject: ACCOUNT_EMAILS.invitation.subject });
    expect(mail?.body.html).toContain(`your e-mail ${email} `);
    expect(mail?.body.html).not.toContain('{');
    // The text part: the HTML part escapes the password's symbols (& as &#38;).
    const temporary = /temporary password: (\S+)\n/.exec(mail?.body.text ?? '')?.[1] ?? '';
    expect(passwordProblems(temporary)).toEqual([]);
    await expect(signIn(email, temporary)).resolves.toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
    });
  });
});

describe('access-token scopes', () => {
  it('carry agency/<group> for each staff group, as the pre-token-generation trigger adds them', async () => {
    const admin = await tokensOf(await createUser([ADMIN_GROUP]));
    const editor = await tokensOf(await createUser([EDITOR_GROUP]));
    const nobody = await tokensOf(await createUser());
    const scopes = (jwt: string) => String(claimsOf(jwt).scope).split(' ');
    expect(scopes(admin.access)).toEqual(
      expect.arrayContaining(['aws.cognito.signin.user.admin', staffScope(ADMIN_GROUP)]),
    );
    expect(scopes(admin.access)).not.toContain(staffScope(EDITOR_GROUP));
    expect(scopes(editor.access)).toContain(staffScope(EDITOR_GROUP));
    expect(scopes(nobody.access)).toEqual(['aws.cognito.signin.user.admin']);
    // Re-signed tokens still pass the pool's own check, and refreshed ones keep the scopes.
    await expect(
      cognito.send(new GetUserCommand({ AccessToken: admin.access })),
    ).resolves.toBeTruthy();
    const refreshed = await refresh(admin.refresh);
    expect(scopes(refreshed.AuthenticationResult?.AccessToken ?? '')).toContain(
      staffScope(ADMIN_GROUP),
    );
  });
});

describe('after a restart of the local stack', () => {
  it('a revoked access token stays revoked and a used TOTP code stays used', async () => {
    const { email, secret, enrolStep } = await totpUser();
    const first = await signIn(email);
    const done = await answerTotp(email, first.Session, totpCode(secret, enrolStep + 1));
    const access = done.AuthenticationResult?.AccessToken ?? '';
    await cognito.send(new GlobalSignOutCommand({ AccessToken: access }));

    await standIns.stop();
    standIns = await startStandIns({ dataDir, dynamoInMemory: true, mailFrom: MAIL_FROM });
    cognito.destroy();
    cognito = new CognitoIdentityProviderClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: standIns.endpoints.cognito,
    });

    await expect(cognito.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject({
      ...refusal,
      message: 'Access Token has been revoked',
    });
    const again = await signIn(email);
    await expect(
      answerTotp(email, again.Session, totpCode(secret, enrolStep + 1)),
    ).rejects.toMatchObject({ name: 'ExpiredCodeException' });
  });
});
