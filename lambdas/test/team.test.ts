import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAILS,
  type AuditRecord,
  type OperationName,
  type TeamMember,
} from '@agency/shared';
import { TEAM_BUSY, lastAdmin } from '../src/modules/accounts/domain/team';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

/**
 * The team API on the stand-ins: invitations (the e-mail with the temporary password, the first
 * sign-in's NEW_PASSWORD_REQUIRED), role changes and disabling with their effect on tokens already
 * issued, sign-out, removal, and the last enabled admin, including two admins acting at once.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

const dataOf = <T>(json: unknown): T => (json as { data: T }).data;
const errorOf = (json: unknown): string => (json as { error: string }).error;

/**
 * Wait for the next whole second. Token `iat` is in seconds and a change refuses every token of
 * the second it happened in, so a token meant to outlive a change is asked for after it.
 */
const nextSecond = () => new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));

async function team(): Promise<TeamMember[]> {
  const res = await stack.invoke('listTeam', { token });
  expect(res.status, res.body).toBe(200);
  return dataOf<TeamMember[]>(res.json);
}

async function member(email: string): Promise<TeamMember | undefined> {
  return (await team()).find((m) => m.email === email);
}

async function tokenOf(email: string, password: string): Promise<string> {
  const out = await stack.signIn(email, password);
  const access = out.AuthenticationResult?.AccessToken;
  if (!access) throw new Error(`no token for ${email}: ${out.ChallengeName ?? 'no challenge'}`);
  return access;
}

/** A call the editor's role allows (listPosts): 200 while the token is good, 401 once refused. */
const editorCall = (t: string) => stack.invoke('listPosts', { token: t });

describe('listing the team', () => {
  it('lists every member sorted by name with role, state and TOTP', async () => {
    const members = await team();
    const names = members.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(members.find((m) => m.email === stack.adminEmail)).toMatchObject({
      role: 'admin',
      enabled: true,
      status: 'active',
      mfa: false,
    });
    expect(members.find((m) => m.email === stack.editorEmail)).toMatchObject({
      name: 'Erin Editor',
      role: 'editor',
    });
    expect(members.find((m) => m.email === stack.userEmail)?.role).toBeNull();
    expect(members.find((m) => m.email === stack.disabledEmail)?.enabled).toBe(false);
    for (const m of members) expect(Number.isNaN(Date.parse(m.created_at))).toBe(false);
  });
});

describe('inviting a member', () => {
  const invitee = 'ann.invited@example.com';

  it('creates them as invited with the role, and the pool e-mails the temporary password', async () => {
    const res = await stack.invoke('inviteMember', {
      token,
      json: { email: 'Ann.Invited@Example.com', name: 'Ann Invited', role: 'editor' },
    });
    expect(res.status, res.body).toBe(201);
    expect(dataOf<TeamMember>(res.json)).toMatchObject({
      email: invitee,
      name: 'Ann Invited',
      role: 'editor',
      status: 'invited',
      enabled: true,
      mfa: false,
    });
    expect(await member(invitee)).toMatchObject({ role: 'editor', status: 'invited' });
  });

  it('the invitation reaches the inbox, and its temporary password starts NEW_PASSWORD_REQUIRED', async () => {
    const mails = (await stack.sesMessages()).filter((m) => m.destination.to.includes(invitee));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(ACCOUNT_EMAILS.invitation.subject);
    const text = mail?.body.text ?? mail?.body.html ?? '';
    // The sign-in link is absolute, on the site's address (SITE_URL), in both parts.
    const signIn = `${stack.env.SITE_URL}/creative-login`;
    expect(text).toContain(`Sign in at ${signIn} with your e-mail`);
    expect(mail?.body.html).toContain(`<a href="${signIn}">`);
    const temporary = /temporary password: (\S+)\n/.exec(text)?.[1];
    expect(temporary, text).toBeTruthy();
    const answer = await stack.signIn(invitee, temporary ?? '');
    expect(answer.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(answer.Session).toBeTruthy();
    expect(answer.AuthenticationResult).toBeUndefined();
  });

  it('answers 409 for an e-mail that is already a member, whatever its case', async () => {
    const res = await stack.invoke('inviteMember', {
      token,
      json: { email: 'ANN.invited@example.com', name: 'Ann Again', role: 'admin' },
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.json)).toContain(`${invitee} is already a member.`);
    expect(await member(invitee)).toMatchObject({ name: 'Ann Invited', role: 'editor' });
  });

  it('answers 400 naming the field for a bad e-mail or role', async () => {
    const badEmail = await stack.invoke('inviteMember', {
      token,
      json: { email: 'not-an-address', name: 'X', role: 'editor' },
    });
    expect(badEmail.status).toBe(400);
    expect(errorOf(badEmail.json)).toMatch(/^email/);
    const badRole = await stack.invoke('inviteMember', {
      token,
      json: { email: 'x@example.com', name: 'X', role: 'owner' },
    });
    expect(badRole.status).toBe(400);
    expect(errorOf(badRole.json)).toMatch(/^role/);
  });
});

describe('changing a member', () => {
  it('needs a role or enabled, and answers 404 for an unknown member', async () => {
    const none = await stack.invoke('updateMember', { token, json: { email: stack.editorEmail } });
    expect(none.status).toBe(400);
    const unknown = await stack.invoke('updateMember', {
      token,
      json: { email: 'nobody@example.com', role: 'admin' },
    });
    expect(unknown.status).toBe(404);
  });

  it('a role change takes effect at once: the token issued before is refused, a new one has the new role', async () => {
    const before = await tokenOf(stack.editorEmail, stack.editorPassword);
    expect((await stack.invoke('listTeam', { token: before })).status).toBe(403);

    const res = await stack.invoke('updateMember', {
      token,
      json: { email: stack.editorEmail, role: 'admin' },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<TeamMember>(res.json).role).toBe('admin');

    expect((await editorCall(before)).status).toBe(401);
    await nextSecond();
    const after = await tokenOf(stack.editorEmail, stack.editorPassword);
    expect((await stack.invoke('listTeam', { token: after })).status).toBe(200);

    const back = await stack.invoke('updateMember', {
      token,
      json: { email: stack.editorEmail, role: 'editor' },
    });
    expect(dataOf<TeamMember>(back.json).role).toBe('editor');
    expect((await stack.invoke('listTeam', { token: after })).status).toBe(401);
  });

  it('disabling refuses their token and their sign-in; enabling lets them sign in again', async () => {
    await nextSecond();
    const before = await tokenOf(stack.editorEmail, stack.editorPassword);
    expect((await editorCall(before)).status).toBe(200);

    const off = await stack.invoke('updateMember', {
      token,
      json: { email: stack.editorEmail, enabled: false },
    });
    expect(off.status, off.body).toBe(200);
    expect(dataOf<TeamMember>(off.json).enabled).toBe(false);
    expect((await editorCall(before)).status).toBe(401);
    await expect(stack.signIn(stack.editorEmail, stack.editorPassword)).rejects.toThrow();
    expect((await member(stack.editorEmail))?.enabled).toBe(false);

    const on = await stack.invoke('updateMember', {
      token,
      json: { email: stack.editorEmail, enabled: true },
    });
    expect(on.status, on.body).toBe(200);
    expect(dataOf<TeamMember>(on.json).enabled).toBe(true);
    await nextSecond();
    const after = await tokenOf(stack.editorEmail, stack.editorPassword);
    expect((await editorCall(after)).status).toBe(200);
  });

  it('signing a member out refuses the token they hold and answers their record', async () => {
    await nextSecond();
    const before = await tokenOf(stack.editorEmail, stack.editorPassword);
    expect((await editorCall(before)).status).toBe(200);
    const res = await stack.invoke('signOutMember', { token, json: { email: stack.editorEmail } });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<TeamMember>(res.json).email).toBe(stack.editorEmail);
    expect((await editorCall(before)).status).toBe(401);
    const missing = await stack.invoke('signOutMember', {
      token,
      json: { email: 'nobody@example.com' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('removing a member', () => {
  it('deletes them from the pool and keeps their record disabled, so a token they hold is refused', async () => {
    const email = 'leaving@example.com';
    const invited = await stack.invoke('inviteMember', {
      token,
      json: { email, name: 'Leaving Soon', role: 'editor' },
    });
    expect(invited.status, invited.body).toBe(201);

    const res = await stack.invoke('removeMember', { token, json: { email } });
    expect(res.status, res.body).toBe(200);
    expect(await member(email)).toBeUndefined();
    await expect(stack.signIn(email, 'whatever-it-was')).rejects.toThrow();
    const again = await stack.invoke('removeMember', { token, json: { email } });
    expect(again.status).toBe(404);
  });

  it('a removed member with a token still held is refused (account record kept, disabled)', async () => {
    const email = 'held-token@example.com';
    await stack.invoke('inviteMember', {
      token,
      json: { email, name: 'Held Token', role: 'editor' },
    });
    // Give them a password of their own, as the first sign-in would, and a token.
    await stack.clients.cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack.env.USER_POOL_ID,
        Username: email,
        Password: 'Held-Passw0rd!2024',
        Permanent: true,
      }),
    );
    const held = await tokenOf(email, 'Held-Passw0rd!2024');
    expect((await editorCall(held)).status).toBe(200);
    const claims: unknown = JSON.parse(
      Buffer.from(held.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    const sub = String(Reflect.get(Object(claims), 'sub'));

    expect((await stack.invoke('removeMember', { token, json: { email } })).status).toBe(200);

    const record = await stack.clients.doc.send(
      new GetCommand({
        TableName: stack.env.TEAM_TABLE,
        Key: { pk: `MEMBER#${sub}`, sk: 'MEMBER' },
      }),
    );
    expect(record.Item).toMatchObject({ email, enabled: false });
    expect((await editorCall(held)).status).toBe(401);
  });
});

describe('who may manage the team', () => {
  const calls: [OperationName, unknown][] = [
    ['listTeam', undefined],
    ['inviteMember', { email: 'e@example.com', name: 'E', role: 'admin' }],
    ['updateMember', { email: 'admin@example.com', role: 'editor' }],
    ['signOutMember', { email: 'admin@example.com' }],
    ['removeMember', { email: 'admin@example.com' }],
  ];

  it('an editor is refused every team operation (403); no token is 401', async () => {
    await nextSecond();
    const editor = await tokenOf(stack.editorEmail, stack.editorPassword);
    for (const [name, json] of calls) {
      const asEditor = await stack.invoke(name, { token: editor, json });
      expect(asEditor.status, `${name} as editor`).toBe(403);
      const anonymous = await stack.invoke(name, { json });
      expect(anonymous.status, `${name} without a token`).toBe(401);
    }
    expect(await member('e@example.com')).toBeUndefined();
    expect((await member(stack.adminEmail))?.role).toBe('admin');
  });
});

describe('the audit trail of team changes', () => {
  it('records each team write with its actor, the member it acted on and how it ended', async () => {
    const res = await stack.invoke('listAudit', { token, query: { action: 'inviteMember' } });
    expect(res.status, res.body).toBe(200);
    const records = (res.json as { results: AuditRecord[] }).results;
    const invites = records.filter(
      (r) => r.target.toLowerCase() === 'member ann.invited@example.com',
    );
    expect(invites.map((r) => [r.outcome, r.status]).sort()).toEqual([
      ['failure', 409],
      ['success', 201],
    ]);
    expect(invites.every((r) => r.actor_email === stack.adminEmail)).toBe(true);
    const removals = await stack.invoke('listAudit', { token, query: { action: 'removeMember' } });
    expect(
      (removals.json as { results: AuditRecord[] }).results.map((r) => [r.target, r.outcome]),
    ).toContainEqual(['member leaving@example.com', 'success']);
  });
});

describe('one’s own display name', () => {
  it('any member sets their own, trimmed; the team, who-is-signed-in and the audit trail show it', async () => {
    const token = await stack.editorToken();
    const res = await stack.invoke('setDisplayName', { token, json: { name: '  Priya   Raman ' } });
    expect(res.status, res.body).toBe(200);
    expect(dataOf(res.json)).toEqual({ name: 'Priya Raman' });
    const me = await stack.invoke('getUserData', { token });
    expect(dataOf(me.json)).toMatchObject({ name: 'Priya Raman', username: 'Priya Raman' });
    expect(await member(stack.editorEmail)).toMatchObject({ name: 'Priya Raman' });
    const audit = await stack.invoke('listAudit', {
      token: await stack.adminToken(),
      query: { page: 1, action: 'setDisplayName' },
    });
    expect(dataOf<unknown>({ data: audit.json })).toMatchObject({
      results: [
        { actor_email: stack.editorEmail, target_label: 'Priya Raman', outcome: 'success' },
      ],
    });
  });

  it('answers 400 naming the field for an empty, too long or control-character name, 401 without a token', async () => {
    const token = await stack.editorToken();
    for (const name of ['', '   ', 'bell\u0007', 'x'.repeat(101)]) {
      const res = await stack.invoke('setDisplayName', { token, json: { name } });
      expect(res.status, name).toBe(400);
      expect(errorOf(res.json)).toMatch(/^name: /);
    }
    expect((await stack.invoke('setDisplayName', { json: { name: 'Nobody' } })).status).toBe(401);
    expect(await member(stack.editorEmail)).toMatchObject({ name: 'Priya Raman' });
  });
});

describe('the last enabled admin', () => {
  let otherToken = '';
  const otherPassword = 'SignedOut-Passw0rd!2024';

  it('cannot be demoted, disabled or removed, not even by themselves (409)', async () => {
    // Leave the admin alone: the other enabled admin becomes an editor (the disabled one never counts).
    const demote = await stack.invoke('updateMember', {
      token,
      json: { email: stack.signedOutEmail, role: 'editor' },
    });
    expect(demote.status, demote.body).toBe(200);

    for (const json of [
      { email: stack.adminEmail, role: 'editor' },
      { email: stack.adminEmail, enabled: false },
    ]) {
      const res = await stack.invoke('updateMember', { token, json });
      expect(res.status, JSON.stringify(json)).toBe(409);
      expect(errorOf(res.json)).toBe(lastAdmin(stack.adminEmail));
    }
    const remove = await stack.invoke('removeMember', { token, json: { email: stack.adminEmail } });
    expect(remove.status).toBe(409);
    expect(errorOf(remove.json)).toBe(lastAdmin(stack.adminEmail));
    expect(await member(stack.adminEmail)).toMatchObject({ role: 'admin', enabled: true });
  });

  it('an invited admin is no one to hand over to: they may never accept', async () => {
    const invited = await stack.invoke('inviteMember', {
      token,
      json: { email: 'new.admin@example.com', name: 'New Admin', role: 'admin' },
    });
    expect(invited.status).toBe(201);
    const res = await stack.invoke('updateMember', {
      token,
      json: { email: stack.adminEmail, role: 'editor' },
    });
    expect(res.status).toBe(409);
    expect(
      (await stack.invoke('removeMember', { token, json: { email: 'new.admin@example.com' } }))
        .status,
    ).toBe(200);
  });

  it('of two admins demoting themselves at the same moment, exactly one succeeds', async () => {
    const promote = await stack.invoke('updateMember', {
      token,
      json: { email: stack.signedOutEmail, role: 'admin' },
    });
    expect(promote.status, promote.body).toBe(200);
    await nextSecond();
    otherToken = await tokenOf(stack.signedOutEmail, otherPassword);

    const answers = await Promise.all([
      stack.invoke('updateMember', { token, json: { email: stack.adminEmail, role: 'editor' } }),
      stack.invoke('updateMember', {
        token: otherToken,
        json: { email: stack.signedOutEmail, role: 'editor' },
      }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect([lastAdmin(stack.adminEmail), lastAdmin(stack.signedOutEmail), TEAM_BUSY]).toContain(
      errorOf(refused?.json),
    );
    const admins = (
      await stack.invoke('listTeam', { token: answers[0]?.status === 409 ? token : otherToken })
    ).json;
    const roles = dataOf<TeamMember[]>(admins)
      .filter((m) => m.email === stack.adminEmail || m.email === stack.signedOutEmail)
      .map((m) => m.role)
      .sort();
    expect(roles).toEqual(['admin', 'editor']);
  });
});
