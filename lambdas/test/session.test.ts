import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION, buildPath } from '@agency/shared';
import type { TestResponse, TestStack } from './harness';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
stackForFile((started) => ({ stack } = started));

const FETCH = { [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue };

/** The session cookie an answer sets, split into its value and attributes. */
function sessionCookieOf(res: TestResponse): { value: string; attributes: string[] } {
  const raw = res.cookies.find((c) => c.startsWith(`${ADMIN_SESSION.cookieName}=`));
  expect(raw, 'the answer sets the session cookie').toBeDefined();
  const [pair = '', ...attributes] = (raw ?? '').split(';').map((p) => p.trim());
  return { value: pair.slice(ADMIN_SESSION.cookieName.length + 1), attributes };
}

async function signIn(): Promise<{ token: string; refreshToken: string; res: TestResponse }> {
  const res = await stack.request('POST', buildPath('login'), {
    json: { email: stack.adminEmail, password: stack.adminPassword },
  });
  expect(res.status).toBe(200);
  const data = (res.json as { data: { token: string } }).data;
  return { token: data.token, refreshToken: sessionCookieOf(res).value, res };
}

/** A call as the browser makes it: through the local API Gateway, cookie and header attached. */
const call = (
  path: string,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> =>
  stack.request('POST', path, {
    headers: {
      ...(options.headers ?? FETCH),
      ...(options.cookie !== undefined
        ? { cookie: `${ADMIN_SESSION.cookieName}=${options.cookie}` }
        : {}),
    },
  });
const refresh = (options?: Parameters<typeof call>[1]) =>
  call(buildPath('refreshSession'), options);
const logout = (options?: Parameters<typeof call>[1]) => call(buildPath('logoutSession'), options);

describe('login sets the session cookie', () => {
  it('keeps the body as before and sets an HttpOnly, Secure, SameSite=Strict cookie scoped to the session calls', async () => {
    const { res, refreshToken } = await signIn();
    expect(Object.keys((res.json as { data: object }).data).sort()).toEqual([
      'email',
      'token',
      'username',
    ]);
    expect(refreshToken.length).toBeGreaterThan(20);
    const { attributes } = sessionCookieOf(res);
    expect(attributes).toEqual(
      expect.arrayContaining([
        'HttpOnly',
        'Secure',
        'SameSite=Strict',
        `Path=${ADMIN_SESSION.cookiePath}`,
        `Max-Age=${ADMIN_SESSION.refreshTokenDays * 86_400}`,
      ]),
    );
    expect(buildPath('refreshSession').startsWith(`${ADMIN_SESSION.cookiePath}/`)).toBe(true);
    expect(buildPath('logoutSession').startsWith(`${ADMIN_SESSION.cookiePath}/`)).toBe(true);
  });

  it('sets no cookie on a wrong password', async () => {
    const res = await stack.request('POST', buildPath('login'), {
      json: { email: stack.adminEmail, password: 'wrong-password' },
    });
    expect(res.status).toBe(401);
    expect(res.cookies).toEqual([]);
  });
});

describe('refreshSession', () => {
  it('answers a new access token that opens admin calls', async () => {
    const { refreshToken } = await signIn();
    const res = await refresh({ cookie: refreshToken });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = (res.json as { data: { token: string } }).data.token;
    expect(token.split('.')).toHaveLength(3);
    const me = await stack.invoke('getUserData', { token });
    expect(me.status).toBe(200);
  });

  it('refuses without the X-Requested-With header, so a cross-site form cannot renew', async () => {
    const { refreshToken } = await signIn();
    for (const headers of <Record<string, string>[]>[
      {},
      { [ADMIN_SESSION.csrfHeader]: 'XMLHttpRequest-ish' },
    ]) {
      const res = await refresh({ cookie: refreshToken, headers });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({
        error: `This call needs the header ${ADMIN_SESSION.csrfHeader}: ${ADMIN_SESSION.csrfValue}.`,
      });
    }
  });

  it.each([
    ['no cookie', undefined],
    ['an empty cookie', ''],
    ['a garbage cookie', 'not-a-refresh-token'],
    ['a forged JWT', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ])('answers 401 with %s', async (_what, cookie) => {
    const res = await refresh({ cookie });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'Your session has ended. Sign in again.' });
  });
});

describe('logoutSession', () => {
  it('revokes the refresh token and clears the cookie with the same scope', async () => {
    const { refreshToken } = await signIn();
    expect((await refresh({ cookie: refreshToken })).status).toBe(200);
    const res = await logout({ cookie: refreshToken });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const cleared = sessionCookieOf(res);
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(
      expect.arrayContaining([
        'HttpOnly',
        'Secure',
        'SameSite=Strict',
        `Path=${ADMIN_SESSION.cookiePath}`,
        'Max-Age=0',
      ]),
    );
    expect((await refresh({ cookie: refreshToken })).status).toBe(401);
  });

  it('signs out only the session it is given: another sign-in keeps working', async () => {
    const first = await signIn();
    const second = await signIn();
    expect((await logout({ cookie: first.refreshToken })).status).toBe(204);
    expect((await refresh({ cookie: first.refreshToken })).status).toBe(401);
    expect((await refresh({ cookie: second.refreshToken })).status).toBe(200);
  });

  it('clears the cookie without one, with an unknown one, and twice', async () => {
    const { refreshToken } = await signIn();
    for (const cookie of [undefined, 'garbage', refreshToken, refreshToken]) {
      const res = await logout({ cookie });
      expect(res.status).toBe(204);
      expect(sessionCookieOf(res).attributes).toContain('Max-Age=0');
    }
  });

  it('refuses without the X-Requested-With header and keeps the session', async () => {
    const { refreshToken } = await signIn();
    const res = await logout({ cookie: refreshToken, headers: {} });
    expect(res.status).toBe(403);
    expect(res.cookies).toEqual([]);
    expect((await refresh({ cookie: refreshToken })).status).toBe(200);
  });
});
