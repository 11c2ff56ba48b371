import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ICONS, LOGIN_THROTTLE, type OperationName } from '@agency/shared';
import { loginThrottleKey } from '../src/modules/accounts/adapters/login-throttle';
import { startTestStack, type InvokeOptions, type TestStack } from './harness';
import { badTokens } from './security/tokens';
import { accessClaims, makeKey, signJwt } from './support/jwt';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const login = (email: string, password: string) =>
  stack.invoke('login', { json: { email, password } });

describe('login', () => {
  it('signs the admin in and the token opens getUserData', async () => {
    const res = await login(stack.adminEmail, stack.adminPassword);
    expect(res.status).toBe(200);
    const data = (res.json as { data: { username: string; email: string; token: string } }).data;
    expect(data.email).toBe(stack.adminEmail);
    expect(data.username).not.toBe('');
    expect(data.token.split('.')).toHaveLength(3);
    const me = await stack.invoke('getUserData', { token: data.token });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      data: {
        // The person's name where the account has one, else the e-mail (shared userData).
        username: stack.adminEmail,
        email: stack.adminEmail,
        groups: ['admins'],
        name: expect.any(String),
        role: 'admin',
        mfa: false,
        mfa_required: false,
        mfa_enforced: false,
      },
    });
  });

  it('answers 401 with one message for a wrong password and an unknown e-mail', async () => {
    for (const res of [
      await login(stack.adminEmail, 'wrong-password'),
      await login('nobody@example.com', 'whatever'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: 'Incorrect e-mail or password.' });
    }
  });

  it.each([
    [{ password: 'x' }, 'email: is required'],
    [{ email: 'a@b.co' }, 'password: is required'],
    [{ email: '', password: 'x' }, 'email: is required'],
  ])('answers 400 for %o', async (body, message) => {
    const res = await stack.invoke('login', { json: body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: message });
  });

  it('answers 429 after five failures for one e-mail, even with the right password, until the window passes', async () => {
    const email = stack.userEmail;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      expect((await login(email, `wrong-${i}`)).status).toBe(401);
    const blocked = await login(email, stack.userPassword);
    expect(blocked.status).toBe(429);
    expect((blocked.json as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
    // Another e-mail is unaffected.
    expect((await login(stack.adminEmail, stack.adminPassword)).status).toBe(200);
    // Move the window into the past, as 15 minutes would.
    await stack.clients.dynamo.send(
      new UpdateCommand({
        TableName: stack.env.CONTENT_TABLE,
        Key: await loginThrottleKey(email),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await login(email, stack.userPassword)).status).toBe(200);
  });

  it('resets the count on success', async () => {
    const email = stack.adminEmail;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures - 1; i++)
      expect((await login(email, 'nope')).status).toBe(401);
    expect((await login(email, stack.adminPassword)).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures - 1; i++)
      expect((await login(email, 'nope')).status).toBe(401);
    expect((await login(email, stack.adminPassword)).status).toBe(200);
  });
});

describe('admin operations refuse bad credentials', () => {
  const ops: [OperationName, () => InvokeOptions][] = [
    ['getUserData', () => ({})],
    ['listCategories', () => ({})],
    ['listAuthors', () => ({})],
    ['createPost', () => ({ form: { title: 'Nope', slug: 'nope' } })],
    ['updatePost', () => ({ form: { id: '1', title: 'Nope', slug: 'nope' } })],
    ['deletePost', () => ({ form: { id: '1' } })],
  ];

  it('answers 401 for missing, garbage, forged, foreign-key, expired tokens and 403 for a non-admin, on each', async () => {
    const tokens = badTokens(await stack.adminToken(), await stack.userToken());
    // A token with every right claim, signed by a key of our own under the stand-in's key id.
    const ownKey = makeKey('CognitoLocal');
    const claims = accessClaims({
      issuer: stack.env.COGNITO_ISSUER,
      clientId: stack.env.USER_POOL_CLIENT_ID,
      groups: ['admins'],
    });
    tokens.push({
      label: 'signed by another key',
      header: `Bearer ${signJwt(ownKey, claims)}`,
      status: 401,
    });
    tokens.push({
      label: 'expired, signed by another key',
      header: `Bearer ${signJwt(ownKey, { ...claims, exp: 1 })}`,
      status: 401,
    });
    const wrong: string[] = [];
    for (const [name, input] of ops) {
      for (const t of tokens) {
        const options = input();
        const res = await stack.invoke(name, {
          ...options,
          headers: t.header ? { authorization: t.header } : {},
        });
        if (res.status !== t.status) wrong.push(`${name} / ${t.label}: ${res.status}`);
        else expect(res.json).toMatchObject({ error: expect.any(String) });
      }
    }
    expect(wrong).toEqual([]);
    expect((await stack.invoke('listPosts', { query: { page: 1 } })).json).toMatchObject({
      results: [],
    });
  });
});

describe('categories, authors, health and extension icons', () => {
  it('lists the categories and authors in id order', async () => {
    const token = await stack.adminToken();
    const cats = await stack.invoke('listCategories', { token });
    expect(cats.status).toBe(200);
    const list = (cats.json as { data: { id: number; category: string }[] }).data;
    expect(list[0]).toEqual({ id: 1, category: 'Digital Marketing' });
    expect(list.map((c) => c.id)).toEqual(list.map((_, i) => i + 1));
    const authors = await stack.invoke('listAuthors', { token });
    expect((authors.json as { data: unknown[] }).data[0]).toEqual({ id: 1, name: 'Priya Raman' });
  });

  it('answers health', async () => {
    const res = await stack.invoke('getHealth');
    expect([res.status, res.json]).toEqual([200, { ok: true }]);
  });

  it('draws an SVG per known extension, the default one otherwise, cached for a day', async () => {
    for (const extension of EXTENSION_ICONS) {
      const res = await stack.invoke('getExtensionImage', { params: { extension } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toContain(`>${extension.toUpperCase()}</text>`);
    }
    const upper = await stack.invoke('getExtensionImage', { params: { extension: 'PDF' } });
    expect(upper.body).toContain('>PDF</text>');
    const unknown = await stack.invoke('getExtensionImage', { params: { extension: 'xyz' } });
    const fallback = await stack.invoke('getExtensionImage', { params: { extension: 'default' } });
    expect(unknown.body).toBe(fallback.body);
    const bad = await stack.invoke('getExtensionImage', { params: { extension: 'p.df' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'extension: may hold only letters and digits' });
  });
});
