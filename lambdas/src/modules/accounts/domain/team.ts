import { ROLE_GROUP, STAFF_GROUPS, roleOf, type Role, type TeamMember } from '@agency/shared';
import { conflict, invalid, notFound, taken } from '../../../platform/errors';
import { validAfterNow, type AccountState, type AccountStore } from '../../../platform/staff/ports';

/** A user of the pool as the team pages need it (modules/accounts/adapters/team-directory.ts reads Cognito). */
export interface DirectoryUser {
  /** The pool's user name (the `sub` in a pool that signs in by e-mail): what admin calls take. */
  username: string;
  sub: string;
  email: string;
  name: string;
  /** Staff groups the user is in. */
  groups: string[];
  enabled: boolean;
  /** Still on the temporary password of the invitation (Cognito FORCE_CHANGE_PASSWORD). */
  invited: boolean;
  /** TOTP on, when the call that read the user tells (ListUsers does not: the account record does). */
  mfa?: boolean;
  /** ISO time. */
  createdAt: string;
}

/**
 * The user pool's admin API (IAM-authorised, on the pool of USER_POOL_ID). Every write takes the
 * `username` a listing returned, so the adapter never has to guess how the pool names users.
 */
export interface TeamDirectory {
  /** Every user of the pool with their staff groups (all pages). */
  list(): Promise<DirectoryUser[]>;
  /** Create the user and have the pool e-mail a temporary password; null when the e-mail is taken. */
  invite(email: string, name: string): Promise<DirectoryUser | null>;
  addToGroup(username: string, group: string): Promise<void>;
  removeFromGroup(username: string, group: string): Promise<void>;
  disable(username: string): Promise<void>;
  enable(username: string): Promise<void>;
  remove(username: string): Promise<void>;
  /** Revoke every refresh token of the user (AdminUserGlobalSignOut). */
  signOut(username: string): Promise<void>;
}

/** The `TEAM`/`LOCK` lease of the team table (modules/accounts/adapters/team-lock.ts). */
export interface TeamLock {
  /** Take the lease until `untilMs` for `owner`; false while someone else holds an unexpired one. */
  acquire(owner: string, nowMs: number, untilMs: number): Promise<boolean>;
  /** Give the lease back if `owner` still holds it. */
  release(owner: string): Promise<void>;
}

export interface TeamDeps {
  directory: TeamDirectory;
  accounts: AccountStore;
  lock: TeamLock;
  /** Epoch ms. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A fresh lease owner id. */
  newId: () => string;
}

/**
 * The team lease. Long enough for a change's few Cognito calls (a Lambda that dies holding it
 * blocks team changes no longer than this); a change that finds it held retries for about a
 * second, longer than one change takes, then gives up.
 */
export const TEAM_LOCK = { leaseMs: 15_000, attempts: 6, retryMs: 250 } as const;

export const TEAM_BUSY = 'The team is being changed by someone else; try again.';
export const lastAdmin = (email: string) =>
  `${email} is the last enabled admin: make someone else an admin first.`;

const normalise = (email: string) => email.trim().toLowerCase();

export { validAfterNow };

function toMember(user: DirectoryUser, account: AccountState | null): TeamMember {
  return {
    email: user.email,
    name: user.name || account?.name || '',
    role: roleOf(user.groups),
    enabled: user.enabled,
    status: user.invited ? 'invited' : 'active',
    mfa: user.mfa ?? account?.mfa ?? false,
    created_at: user.createdAt,
  };
}

const byName = (a: TeamMember, b: TeamMember) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email);

async function withAccounts(
  deps: Pick<TeamDeps, 'accounts'>,
  users: readonly DirectoryUser[],
): Promise<TeamMember[]> {
  const accounts = await Promise.all(users.map((u) => deps.accounts.get(u.sub)));
  return users.map((u, i) => toMember(u, accounts[i] ?? null)).sort(byName);
}

/** Every member of the pool, sorted by name; TOTP state from the account records. */
export async function listTeam(
  deps: Pick<TeamDeps, 'directory' | 'accounts'>,
): Promise<TeamMember[]> {
  return withAccounts(deps, await deps.directory.list());
}

/**
 * An admin who can still administer: enabled and past the invitation. An invited admin may never
 * accept (the temporary password expires), so they do not count as someone to hand over to.
 */
const isActingAdmin = (u: DirectoryUser) =>
  u.enabled && !u.invited && u.groups.includes(ROLE_GROUP.admin);

/** Refuse a change that would leave no admin able to administer the team. */
function keepAnAdmin(users: readonly DirectoryUser[], member: DirectoryUser): void {
  if (!isActingAdmin(member)) return;
  if (!users.some((u) => u.username !== member.username && isActingAdmin(u)))
    throw conflict(lastAdmin(member.email));
}

function findMember(users: readonly DirectoryUser[], email: string): DirectoryUser {
  const wanted = normalise(email);
  const member = users.find((u) => normalise(u.email) === wanted);
  if (!member) throw notFound(`The member ${email.trim()}`);
  return member;
}

/**
 * Run one team change while holding the team lease, so that two admins acting at once are seen
 * one after the other: each reads the team only once the other's change is done, and the second
 * of two concurrent demotions finds the first already made.
 */
async function underTeamLock<T>(deps: TeamDeps, change: () => Promise<T>): Promise<T> {
  const owner = deps.newId();
  for (let attempt = 1; ; attempt++) {
    const now = deps.now();
    if (await deps.lock.acquire(owner, now, now + TEAM_LOCK.leaseMs)) break;
    if (attempt >= TEAM_LOCK.attempts) throw conflict(TEAM_BUSY);
    await deps.sleep(TEAM_LOCK.retryMs);
  }
  try {
    return await change();
  } finally {
    await deps.lock.release(owner);
  }
}

/** Refuse every token the member holds now: the record's validAfter, then their refresh tokens. */
async function endSessions(
  deps: TeamDeps,
  member: DirectoryUser,
  changes: Partial<Omit<AccountState, 'sub'>> = {},
): Promise<void> {
  await deps.accounts.update(
    { sub: member.sub, email: member.email },
    { ...changes, validAfter: validAfterNow(deps.now()) },
  );
  await deps.directory.signOut(member.username);
}

/**
 * Invite a member: the pool e-mails a temporary password, and they join the role's group. When
 * joining the group fails, the half-made user is removed again so that the invitation can simply
 * be retried (a second try would otherwise answer "already a member").
 */
export async function inviteMember(
  deps: Pick<TeamDeps, 'directory'>,
  input: { email: string; name: string; role: Role },
): Promise<TeamMember> {
  const email = normalise(input.email);
  const user = await deps.directory.invite(email, input.name.trim());
  if (!user) throw taken(`${email} is already a member.`, 'email');
  const group = ROLE_GROUP[input.role];
  try {
    await deps.directory.addToGroup(user.username, group);
  } catch (error) {
    await deps.directory.remove(user.username).catch(() => undefined);
    throw error;
  }
  return toMember({ ...user, groups: [group], mfa: false }, null);
}

/**
 * Change a member's role and/or enable or disable them. A new role takes effect at once: the
 * member's tokens carry the old groups, so they are refused and their refresh tokens revoked.
 * Disabling refuses the account's tokens (account record) as well as its sign-in (the pool).
 */
export async function updateMember(
  deps: TeamDeps,
  input: { email: string; role?: Role | undefined; enabled?: boolean | undefined },
): Promise<TeamMember> {
  const { role, enabled } = input;
  if (role === undefined && enabled === undefined)
    throw invalid('body', 'needs role or enabled (or both)');
  return underTeamLock(deps, async () => {
    const users = await deps.directory.list();
    const member = findMember(users, input.email);
    const roleChanges = role !== undefined && roleOf(member.groups) !== role;
    const disabling = enabled === false && member.enabled;
    const enabling = enabled === true && !member.enabled;
    if ((roleChanges && role !== 'admin') || disabling) keepAnAdmin(users, member);

    let groups = member.groups;
    if (roleChanges) {
      const group = ROLE_GROUP[role];
      // Join the new group before leaving the old: never a moment with no role at all.
      await deps.directory.addToGroup(member.username, group);
      for (const other of STAFF_GROUPS)
        if (other !== group && member.groups.includes(other))
          await deps.directory.removeFromGroup(member.username, other);
      groups = [group];
    }
    // After the group swap, so any token with the old groups predates validAfter; before disabling
    // in the pool, so the member's tokens are refused even if that call fails.
    if (roleChanges || disabling)
      await endSessions(deps, member, disabling ? { enabled: false } : {});
    if (disabling) await deps.directory.disable(member.username);
    if (enabling) {
      await deps.directory.enable(member.username);
      await deps.accounts.update({ sub: member.sub, email: member.email }, { enabled: true });
    }
    const updated = { ...member, groups, enabled: enabled ?? member.enabled };
    return toMember(updated, await deps.accounts.get(member.sub));
  });
}

/** Sign a member out on every device: their access tokens are refused, their refresh tokens revoked. */
export async function signOutMember(deps: TeamDeps, email: string): Promise<TeamMember> {
  const member = findMember(await deps.directory.list(), email);
  await endSessions(deps, member);
  return toMember(member, await deps.accounts.get(member.sub));
}

/**
 * Remove a member from the pool. Their account record stays, disabled, so that a token they still
 * hold is refused until it expires (deleting the user does not end the access tokens it issued).
 */
export async function removeMember(deps: TeamDeps, email: string): Promise<{ message: string }> {
  return underTeamLock(deps, async () => {
    const users = await deps.directory.list();
    const member = findMember(users, email);
    keepAnAdmin(users, member);
    await deps.accounts.update(
      { sub: member.sub, email: member.email },
      { enabled: false, validAfter: validAfterNow(deps.now()) },
    );
    // Deleting the user ends its refresh tokens; the record ends its access tokens.
    await deps.directory.remove(member.username);
    return { message: `${member.email} was removed from the team.` };
  });
}

/** The signed-in person's own account in the pool, reached with their access token. */
export interface OwnAccount {
  profile(accessToken: string): Promise<{ sub: string; email: string }>;
  /** Set the pool's `name` attribute of the token's user. */
  setName(accessToken: string, name: string): Promise<void>;
}

/**
 * Set one's own display name: in the pool (`name`, what the team list reads) and in the account
 * record (what every staff call, and so the admin's header, reads), so it shows everywhere at once.
 */
export async function setDisplayName(
  deps: { account: OwnAccount; accounts: Pick<AccountStore, 'update'> },
  accessToken: string,
  name: string,
): Promise<{ name: string }> {
  const { sub, email } = await deps.account.profile(accessToken);
  await deps.account.setName(accessToken, name);
  await deps.accounts.update({ sub, email }, { name });
  return { name };
}

/**
 * How people know the staff accounts `subs` (what revisions keep of who saved them): each one's
 * name, else its e-mail, from the account records (a removed member's record stays). Ids without a
 * record are left out.
 */
export async function staffNames(
  accounts: Pick<AccountStore, 'get'>,
  subs: readonly (string | null)[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(subs.filter((s): s is string => Boolean(s)))];
  const records = await Promise.all(distinct.map((sub) => accounts.get(sub)));
  const names = new Map<string, string>();
  records.forEach((record, i) => {
    const known = record?.name.trim() || record?.email;
    const sub = distinct[i];
    if (known && sub) names.set(sub, known);
  });
  return names;
}
