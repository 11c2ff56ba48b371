/**
 * The local stack's Cognito user pool (on cognito-local): the pool and its app client, set up as the
 * CDK's auth construct sets them (token lives, optional TOTP, the staff groups), and the accounts
 * `npm start` and the tests sign in with. Everything is re-applied on each start so that a pool kept
 * in the data folder follows a changed setting or password.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, ADMIN_SESSION, STAFF_GROUPS } from '@agency/shared';

/** An account the local stack creates, with the password it prints or the test signs in with. */
export interface LocalUser {
  email: string;
  password: string;
  /** Cognito groups (e.g. EDITOR_GROUP for an editor); the admin is always in ADMIN_GROUP. */
  groups?: string[];
  /** The `name` attribute the admin header shows; none: the header falls back to the e-mail. */
  name?: string;
}

/** The generated ids of the local pool and its app client. */
export interface LocalPool {
  userPoolId: string;
  userPoolClientId: string;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** The pool and client saved by an earlier start when cognito-local still has both, else a new pair. */
export async function ensurePool(
  cognito: CognitoIdentityProviderClient,
  saved: Partial<LocalPool>,
): Promise<LocalPool> {
  return (await poolExists(cognito, saved.userPoolId, saved.userPoolClientId))
    ? { userPoolId: saved.userPoolId ?? '', userPoolClientId: saved.userPoolClientId ?? '' }
    : await createPool(cognito);
}

async function poolExists(
  cognito: CognitoIdentityProviderClient,
  poolId: string | undefined,
  clientId: string | undefined,
): Promise<boolean> {
  if (!poolId || !clientId) return false;
  try {
    await cognito.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
    await cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }),
    );
    return true;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return false;
    throw error;
  }
}

async function createPool(cognito: CognitoIdentityProviderClient): Promise<LocalPool> {
  const { UserPool } = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'agency-admins',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('CreateUserPool returned no pool id');
  const { UserPoolClient } = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'agency-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('CreateUserPoolClient returned no client id');
  return { userPoolId, userPoolClientId };
}

/**
 * Set the pool as the CDK has it: the app client's token lives (the access token's as asked), TOTP
 * allowed, and both staff groups present, since the CDK creates them and an admin can invite an
 * editor from the start.
 */
export async function configurePool(
  cognito: CognitoIdentityProviderClient,
  pool: LocalPool,
  accessTokenSeconds: number,
): Promise<void> {
  await setTokenLives(cognito, pool, accessTokenSeconds);
  await allowTotp(cognito, pool.userPoolId);
  for (const group of STAFF_GROUPS) await ensureGroup(cognito, pool.userPoolId, group);
}

/**
 * Give the app client the CDK client's token lives (infra/lib/constructs/auth.ts), with the access
 * token's shortened when asked. Run on every start, so a changed setting applies to a kept pool.
 * cognito-local (5.x) signs tokens with these lives; revocation (RevokeToken, sign-out everywhere,
 * disabling) is the parity layer's (stand-ins/cognito-parity.ts). Refresh tokens do not expire
 * locally, which only matters after 30 days.
 */
async function setTokenLives(
  cognito: CognitoIdentityProviderClient,
  pool: LocalPool,
  accessTokenSeconds: number,
): Promise<void> {
  await cognito.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: pool.userPoolId,
      ClientId: pool.userPoolClientId,
      ClientName: 'agency-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: accessTokenSeconds,
      IdTokenValidity: accessTokenSeconds,
      RefreshTokenValidity: ADMIN_SESSION.refreshTokenDays,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
      EnableTokenRevocation: true,
    }),
  );
}

/**
 * TOTP as the CDK pool has it (Mfa.OPTIONAL, software tokens only): a member who enrols is asked
 * for a code at sign-in. cognito-local creates pools with MFA off, where an enrolled member would
 * never be asked; run on every start so a pool kept from before gets it too.
 */
async function allowTotp(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

async function ensureGroup(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  group: string,
): Promise<void> {
  // ListGroups, not GetGroup: cognito-local's GetGroup fails with a 500 on a pool that has no group yet.
  const { Groups } = await cognito.send(new ListGroupsCommand({ UserPoolId: poolId, Limit: 60 }));
  if (Groups?.some((g) => g.GroupName === group)) return;
  await cognito.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
}

/** The seed admin (always in ADMIN_GROUP, plus any groups it names), then the other users in order. */
export async function ensureAccounts(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  admin: LocalUser,
  users: readonly LocalUser[],
): Promise<void> {
  await ensureUser(cognito, poolId, {
    ...admin,
    groups: [...new Set([ADMIN_GROUP, ...(admin.groups ?? [])])],
  });
  for (const user of users) await ensureUser(cognito, poolId, user);
}

/** Create the user when missing, (re)set its password as permanent, and add it to its groups. */
async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  user: LocalUser,
): Promise<void> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.email }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
        ],
      }),
    );
  }
  // Every start makes the printed credentials true, even if the configured password changed.
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  for (const group of user.groups ?? []) {
    await ensureGroup(cognito, poolId, group);
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: poolId,
        Username: user.email,
        GroupName: group,
      }),
    );
  }
}
