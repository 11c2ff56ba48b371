import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_ENROLMENT_REQUIRED } from '@agency/shared';
import { DynamoAccountStore } from '../../src/platform/staff/account-store';
import { startTestStack, type TestStack } from '../harness';

let stack: TestStack;

const subOf = (token: string): string =>
  String(
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        sub?: unknown;
      }
    ).sub,
  );

beforeAll(async () => {
  stack = await startTestStack({ requireMfa: true });
});
afterAll(async () => {
  await stack?.stop();
});

describe('REQUIRE_MFA=true (the prod stage)', () => {
  it('lets an admin without TOTP see who they are and nothing else', async () => {
    const token = await stack.adminToken();
    const me = await stack.invoke('getUserData', { token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ data: { role: 'admin', mfa: false, mfa_required: true } });

    const list = await stack.invoke('listPosts', { token, query: { page: 1 } });
    expect(list.status).toBe(403);
    expect(list.json).toMatchObject({ error: MFA_ENROLMENT_REQUIRED });
    const create = await stack.invoke('createPost', {
      token,
      multipart: { title: 'Before enrolling', slug: 'before-enrolling', content: '<p>x</p>' },
    });
    expect(create.status).toBe(403);
    expect(create.json).toMatchObject({ error: MFA_ENROLMENT_REQUIRED });
    // The public list still answers the public: the rule is about staff tokens.
    expect((await stack.invoke('listPosts', { query: { page: 1 } })).status).toBe(200);
  });

  it('lets the account through once its record says TOTP is on', async () => {
    const token = await stack.editorToken();
    expect((await stack.invoke('listCategories', { token })).status).toBe(403);
    await new DynamoAccountStore().update(
      { sub: subOf(token), email: stack.editorEmail },
      { mfa: true },
    );
    expect((await stack.invoke('listCategories', { token })).status).toBe(200);
    const me = await stack.invoke('getUserData', { token });
    expect(me.json).toMatchObject({ data: { role: 'editor', mfa: true, mfa_required: false } });
  });
});
