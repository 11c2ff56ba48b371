import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP } from '@agency/shared';
import { DomainError } from '../../../platform/errors';
import type { AccountState, AccountStore } from '../../../platform/staff/ports';
import {
  TEAM_BUSY,
  TEAM_LOCK,
  inviteMember,
  lastAdmin,
  listTeam,
  removeMember,
  signOutMember,
  updateMember,
  validAfterNow,
  type DirectoryUser,
  type TeamDeps,
  type TeamDirectory,
  type TeamLock,
} from './team';

/** An in-memory pool with the Cognito adapter's contract; `calls` records every write in order. */
class MemoryDirectory implements TeamDirectory {
  users: DirectoryUser[] = [];
  calls: string[] = [];
  failAddToGroup = false;

  add(email: string, groups: string[], extra: Partial<DirectoryUser> = {}): DirectoryUser {
    const user: DirectoryUser = {
      username: `u-${email}`,
      sub: `s-${email}`,
      email,
      name: email.split('@')[0] ?? '',
      groups,
      enabled: true,
      invited: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...extra,
    };
    this.users.push(user);
    return user;
  }
  private user(username: string): DirectoryUser {
    const u = this.users.find((x) => x.username === username);
    if (!u) throw new Error(`no user ${username}`);
    return u;
  }
  async list() {
    return this.users.map((u) => ({ ...u, groups: [...u.groups] }));
  }
  async invite(email: string, name: string) {
    this.calls.push(`invite ${email}`);
    if (this.users.some((u) => u.email === email)) return null;
    return { ...this.add(email, [], { name, invited: true }) };
  }
  async addToGroup(username: string, group: string) {
    this.calls.push(`add ${username} ${group}`);
    if (this.failAddToGroup) throw new Error('pool unavailable');
    const u = this.user(username);
    if (!u.groups.includes(group)) u.groups.push(group);
  }
  async removeFromGroup(username: string, group: string) {
    this.calls.push(`leave ${username} ${group}`);
    const u = this.user(username);
    u.groups = u.groups.filter((g) => g !== group);
  }
  async disable(username: string) {
    this.calls.push(`disable ${username}`);
    this.user(username).enabled = false;
  }
  async enable(username: string) {
    this.calls.push(`enable ${username}`);
    this.user(username).enabled = true;
  }
  async remove(username: string) {
    this.calls.push(`remove ${username}`);
    this.users = this.users.filter((u) => u.username !== username);
  }
  async signOut(username: string) {
    this.calls.push(`sign-out ${username}`);
  }
}

class MemoryAccounts implements AccountStore {
  records = new Map<string, AccountState>();
  async get(sub: string) {
    return this.records.get(sub) ?? null;
  }
  async recordSignIn(state: Pick<AccountState, 'sub' | 'email' | 'name' | 'mfa'>) {
    const old = this.records.get(state.sub);
    this.records.set(state.sub, {
      enabled: true,
      validAfter: 0,
      ...old,
      ...state,
    });
  }
  async update(
    base: Pick<AccountState, 'sub' | 'email'>,
    changes: Partial<Omit<AccountState, 'sub'>>,
  ) {
    const old = this.records.get(base.sub) ?? {
      ...base,
      name: '',
      enabled: true,
      mfa: false,
      validAfter: 0,
    };
    this.records.set(base.sub, { ...old, ...changes });
  }
}

/** A lease with the DynamoDB one's contract. */
class MemoryLock implements TeamLock {
  held: { owner: string; until: number } | undefined;
  async acquire(owner: string, nowMs: number, untilMs: number) {
    if (this.held && this.held.until >= nowMs) return false;
    this.held = { owner, until: untilMs };
    return true;
  }
  async release(owner: string) {
    if (this.held?.owner === owner) this.held = undefined;
  }
}

const NOW = Date.parse('2026-11-22T10:00:00.400Z');

function setup() {
  const directory = new MemoryDirectory();
  const accounts = new MemoryAccounts();
  const lock = new MemoryLock();
  let ids = 0;
  const sleeps: number[] = [];
  const deps: TeamDeps = {
    directory,
    accounts,
    lock,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    newId: () => `lease-${++ids}`,
  };
  return { deps, directory, accounts, lock, sleeps };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError))
    throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('listTeam', () => {
  it('lists every member sorted by name, with role, state and TOTP from the account record', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('zoe@example.com', [ADMIN_GROUP], { name: 'Zoe' });
    directory.add('adam@example.com', [EDITOR_GROUP], { name: 'adam', invited: true });
    directory.add('nobody@example.com', [], { name: 'Mia', enabled: false });
    await accounts.update({ sub: 's-zoe@example.com', email: 'zoe@example.com' }, { mfa: true });

    const team = await listTeam(deps);

    expect(team.map((m) => [m.name, m.role, m.status, m.enabled, m.mfa])).toEqual([
      ['adam', 'editor', 'invited', true, false],
      ['Mia', null, 'active', false, false],
      ['Zoe', 'admin', 'active', true, true],
    ]);
  });
});

describe('inviteMember', () => {
  it('creates the user in lower case and puts them in the role group', async () => {
    const { deps, directory } = setup();
    const member = await inviteMember(deps, {
      email: ' New@Example.com ',
      name: ' Ann ',
      role: 'editor',
    });
    expect(member).toMatchObject({
      email: 'new@example.com',
      name: 'Ann',
      role: 'editor',
      status: 'invited',
      enabled: true,
      mfa: false,
    });
    expect(directory.users.find((u) => u.email === 'new@example.com')?.groups).toEqual([
      EDITOR_GROUP,
    ]);
  });

  it('answers 409 naming the e-mail when it is already a member', async () => {
    const { deps, directory } = setup();
    directory.add('ann@example.com', [EDITOR_GROUP]);
    const error = await refusal(
      inviteMember(deps, { email: 'ann@example.com', name: 'Ann', role: 'admin' }),
    );
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('ann@example.com is already a member.');
  });

  it('removes the half-made user when joining the group fails, so the invitation can be retried', async () => {
    const { deps, directory } = setup();
    directory.failAddToGroup = true;
    await expect(
      inviteMember(deps, { email: 'ann@example.com', name: 'Ann', role: 'admin' }),
    ).rejects.toThrow('pool unavailable');
    expect(directory.users).toEqual([]);
  });
});

describe('updateMember', () => {
  it('needs a role or enabled', async () => {
    const { deps } = setup();
    const error = await refusal(updateMember(deps, { email: 'a@example.com' }));
    expect(error.kind).toBe('invalid');
  });

  it('answers 404 for an unknown member', async () => {
    const { deps, directory } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    const error = await refusal(updateMember(deps, { email: 'who@example.com', role: 'editor' }));
    expect(error.kind).toBe('not-found');
  });

  it('swaps the groups joining the new one first, refuses older tokens and signs the member out', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    directory.add('ed@example.com', [EDITOR_GROUP]);

    const member = await updateMember(deps, { email: 'ED@example.com', role: 'admin' });

    expect(member.role).toBe('admin');
    expect(directory.calls).toEqual([
      'add u-ed@example.com admins',
      'leave u-ed@example.com editors',
      'sign-out u-ed@example.com',
    ]);
    expect((await accounts.get('s-ed@example.com'))?.validAfter).toBe(validAfterNow(NOW));
  });

  it('changes nothing for the role the member already has', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('ed@example.com', [EDITOR_GROUP]);
    await updateMember(deps, { email: 'ed@example.com', role: 'editor' });
    expect(directory.calls).toEqual([]);
    expect(await accounts.get('s-ed@example.com')).toBeNull();
  });

  it('disables: the record refuses the tokens, the pool refuses sign-in, the refresh tokens end', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    directory.add('ed@example.com', [EDITOR_GROUP]);

    const member = await updateMember(deps, { email: 'ed@example.com', enabled: false });

    expect(member.enabled).toBe(false);
    expect(directory.calls).toEqual(['sign-out u-ed@example.com', 'disable u-ed@example.com']);
    expect(await accounts.get('s-ed@example.com')).toMatchObject({
      enabled: false,
      validAfter: validAfterNow(NOW),
    });

    const enabled = await updateMember(deps, { email: 'ed@example.com', enabled: true });
    expect(enabled.enabled).toBe(true);
    expect((await accounts.get('s-ed@example.com'))?.enabled).toBe(true);
  });

  it('refuses to demote or disable the last enabled admin (409)', async () => {
    const { deps, directory, lock } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    directory.add('off@example.com', [ADMIN_GROUP], { enabled: false });
    directory.add('new@example.com', [ADMIN_GROUP], { invited: true });
    directory.add('ed@example.com', [EDITOR_GROUP]);

    for (const change of [{ role: 'editor' as const }, { enabled: false }]) {
      const error = await refusal(updateMember(deps, { email: 'admin@example.com', ...change }));
      expect(error.kind).toBe('conflict');
      expect(error.message).toBe(lastAdmin('admin@example.com'));
    }
    expect(directory.calls).toEqual([]);
    expect(lock.held).toBeUndefined();
  });

  it('lets an admin be demoted while another enabled admin remains', async () => {
    const { deps, directory } = setup();
    directory.add('a@example.com', [ADMIN_GROUP]);
    directory.add('b@example.com', [ADMIN_GROUP]);
    expect((await updateMember(deps, { email: 'a@example.com', role: 'editor' })).role).toBe(
      'editor',
    );
    const error = await refusal(updateMember(deps, { email: 'b@example.com', role: 'editor' }));
    expect(error.message).toBe(lastAdmin('b@example.com'));
  });
});

describe('the team lease', () => {
  it('waits for a held lease, then gives up with 409 and changes nothing', async () => {
    const { deps, directory, lock, sleeps } = setup();
    directory.add('a@example.com', [ADMIN_GROUP]);
    directory.add('b@example.com', [ADMIN_GROUP]);
    lock.held = { owner: 'someone else', until: NOW + 5_000 };

    const error = await refusal(updateMember(deps, { email: 'a@example.com', role: 'editor' }));

    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(TEAM_BUSY);
    expect(sleeps).toHaveLength(TEAM_LOCK.attempts - 1);
    expect(directory.calls).toEqual([]);
    expect(lock.held.owner).toBe('someone else');
  });

  it('takes over a lease that ran out, and releases it even when the change fails', async () => {
    const { deps, directory, lock } = setup();
    directory.add('a@example.com', [ADMIN_GROUP]);
    lock.held = { owner: 'crashed', until: NOW - 1 };
    await refusal(removeMember(deps, 'a@example.com'));
    expect(lock.held).toBeUndefined();
  });
});

describe('signOutMember', () => {
  it('refuses the tokens issued until now and revokes the refresh tokens', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('ed@example.com', [EDITOR_GROUP]);
    const member = await signOutMember(deps, 'ed@example.com');
    expect(member.email).toBe('ed@example.com');
    expect(directory.calls).toEqual(['sign-out u-ed@example.com']);
    expect((await accounts.get('s-ed@example.com'))?.validAfter).toBe(validAfterNow(NOW));
  });
});

describe('removeMember', () => {
  it('deletes the user and keeps their record disabled so held tokens are refused', async () => {
    const { deps, directory, accounts } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    directory.add('ed@example.com', [EDITOR_GROUP]);
    await removeMember(deps, 'ed@example.com');
    expect(directory.users.map((u) => u.email)).toEqual(['admin@example.com']);
    expect(await accounts.get('s-ed@example.com')).toMatchObject({
      enabled: false,
      validAfter: validAfterNow(NOW),
    });
  });

  it('refuses to remove the last enabled admin, even themselves', async () => {
    const { deps, directory } = setup();
    directory.add('admin@example.com', [ADMIN_GROUP]);
    const error = await refusal(removeMember(deps, 'admin@example.com'));
    expect(error.message).toBe(lastAdmin('admin@example.com'));
    expect(directory.users).toHaveLength(1);
  });
});

describe('validAfterNow', () => {
  it('rounds up, so a token issued earlier in the same second is refused', () => {
    const issuedAt = Math.floor(NOW / 1000);
    expect(issuedAt < validAfterNow(NOW)).toBe(true);
    expect(validAfterNow(2_000)).toBe(2);
  });
});
