import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { STAFF_GROUPS } from '@agency/shared';
import type { DirectoryUser, TeamDirectory } from '../domain/team';
import { authSettings } from '../../../platform/env';
import { cachedClient } from '../../../platform/aws/clients';

const cognitoClient = cachedClient(() => new CognitoIdentityProviderClient({}));

/** The most ListUsers and ListUsersInGroup return per page. */
const PAGE = 60;

const poolId = (): string => authSettings().userPoolId;
const nameOf = (e: unknown) => (e instanceof Error ? e.name : '');

function attribute(attributes: AttributeType[] | undefined, name: string): string {
  return attributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
}

function toDirectoryUser(user: UserType, groups: string[]): DirectoryUser {
  const a = user.Attributes;
  const fullName = [attribute(a, 'given_name'), attribute(a, 'family_name')]
    .filter(Boolean)
    .join(' ');
  const username = user.Username ?? '';
  return {
    username,
    sub: attribute(a, 'sub') || username,
    email: attribute(a, 'email'),
    name: attribute(a, 'name') || fullName,
    groups,
    enabled: user.Enabled ?? true,
    invited: user.UserStatus === 'FORCE_CHANGE_PASSWORD',
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/** Every page of a paginated listing. */
async function allPages<T>(
  page: (token: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
): Promise<T[]> {
  const all: T[] = [];
  let token: string | undefined;
  do {
    const { items, next } = await page(token);
    all.push(...items);
    token = next;
  } while (token);
  return all;
}

async function usernamesIn(group: string): Promise<string[]> {
  const users = await allPages(async (token) => {
    const out = await cognitoClient().send(
      new ListUsersInGroupCommand({
        UserPoolId: poolId(),
        GroupName: group,
        Limit: PAGE,
        NextToken: token,
      }),
    );
    return { items: out.Users ?? [], next: out.NextToken };
  });
  return users.map((u) => u.Username ?? '');
}

/**
 * The team in the Cognito user pool, through its IAM-authorised admin API. Groups come from one
 * listing per staff group rather than one call per user: a team of any size costs three listings.
 */
export class CognitoTeamDirectory implements TeamDirectory {
  async list(): Promise<DirectoryUser[]> {
    const [users, ...members] = await Promise.all([
      allPages(async (token) => {
        const out = await cognitoClient().send(
          new ListUsersCommand({ UserPoolId: poolId(), Limit: PAGE, PaginationToken: token }),
        );
        return { items: out.Users ?? [], next: out.PaginationToken };
      }),
      ...STAFF_GROUPS.map(usernamesIn),
    ]);
    return users.map((user) =>
      toDirectoryUser(
        user,
        STAFF_GROUPS.filter((_, i) => members[i]?.includes(user.Username ?? '')),
      ),
    );
  }

  async invite(email: string, name: string): Promise<DirectoryUser | null> {
    try {
      const out = await cognitoClient().send(
        new AdminCreateUserCommand({
          UserPoolId: poolId(),
          Username: email,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: name },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      if (!out.User) throw new Error('AdminCreateUser answered no user');
      return toDirectoryUser(out.User, []);
    } catch (e) {
      // AliasExistsException: another user already signs in with this e-mail.
      if (nameOf(e) === 'UsernameExistsException' || nameOf(e) === 'AliasExistsException')
        return null;
      throw e;
    }
  }

  async addToGroup(username: string, group: string): Promise<void> {
    await cognitoClient().send(
      new AdminAddUserToGroupCommand({
        UserPoolId: poolId(),
        Username: username,
        GroupName: group,
      }),
    );
  }

  async removeFromGroup(username: string, group: string): Promise<void> {
    await cognitoClient().send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: poolId(),
        Username: username,
        GroupName: group,
      }),
    );
  }

  async disable(username: string): Promise<void> {
    await cognitoClient().send(
      new AdminDisableUserCommand({ UserPoolId: poolId(), Username: username }),
    );
  }

  async enable(username: string): Promise<void> {
    await cognitoClient().send(
      new AdminEnableUserCommand({ UserPoolId: poolId(), Username: username }),
    );
  }

  async remove(username: string): Promise<void> {
    await cognitoClient().send(
      new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }),
    );
  }

  async signOut(username: string): Promise<void> {
    await cognitoClient().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: username }),
    );
  }
}
