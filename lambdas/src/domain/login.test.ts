import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '@agency/shared';
import { DomainError } from '../lib/errors';
import {
  SESSION_ENDED,
  endSession,
  login,
  refreshSession,
  type IdentityProvider,
  type LoginThrottle,
} from './login';

function fakes(password = 'right') {
  const counts = new Map<string, number>();
  const asked: string[] = [];
  const revoked: string[] = [];
  const identity: IdentityProvider = {
    signIn: async (email, pw) => {
      asked.push(email);
      return pw === password
        ? { accessToken: `token-for-${email}`, refreshToken: `refresh-for-${email}` }
        : null;
    },
    refresh: async (r) => (r === 'refresh-for-admin@example.com' ? 'renewed' : null),
    revoke: async (r) => {
      revoked.push(r);
    },
    profile: async () => ({ username: 'admin', email: 'admin@example.com', name: '' }),
  };
  const throttle: LoginThrottle = {
    failures: async (e) => counts.get(e) ?? 0,
    recordFailure: async (e) => {
      counts.set(e, (counts.get(e) ?? 0) + 1);
      return counts.get(e) ?? 0;
    },
    reset: async (e) => {
      counts.delete(e);
    },
  };
  return { deps: { identity, throttle }, asked, counts, revoked };
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e)),
  );

describe('login', () => {
  it('returns the profile and token on the right password', async () => {
    const { deps } = fakes();
    await expect(login(deps, ' Admin@Example.com ', 'right')).resolves.toEqual({
      session: {
        username: 'admin',
        email: 'admin@example.com',
        token: 'token-for-admin@example.com',
      },
      refreshToken: 'refresh-for-admin@example.com',
    });
  });

  it('answers with the person’s name as the username when the pool has one, else the pool’s user name', async () => {
    const { deps } = fakes();
    const sub = '1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978';
    deps.identity.profile = async () => ({ username: sub, email: 'ada@example.com', name: 'Ada' });
    expect((await login(deps, 'ada@example.com', 'right')).session.username).toBe('Ada');
    deps.identity.profile = async () => ({ username: sub, email: 'ada@example.com', name: '' });
    expect((await login(deps, 'ada@example.com', 'right')).session).toEqual({
      username: sub,
      email: 'ada@example.com',
      token: 'token-for-ada@example.com',
    });
  });

  it('answers 401 on a wrong password, 429 after the limit without asking the pool, and a success resets', async () => {
    const { deps, asked, counts } = fakes();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      expect(await outcome(login(deps, 'a@b.co', 'wrong'))).toBe(
        'unauthenticated: Incorrect e-mail or password.',
      );
    const askedBefore = asked.length;
    expect(await outcome(login(deps, 'a@b.co', 'right'))).toMatch(/^too-many-requests/);
    expect(asked.length).toBe(askedBefore);
    counts.set('a@b.co', LOGIN_THROTTLE.maxFailures - 1);
    expect(await outcome(login(deps, 'a@b.co', 'right'))).toBe('ok');
    expect(counts.has('a@b.co')).toBe(false);
  });
});

describe('session renewal and sign-out', () => {
  it('renews with a working refresh token and answers 401 without one or with one that fails', async () => {
    const { deps } = fakes();
    await expect(refreshSession(deps.identity, 'refresh-for-admin@example.com')).resolves.toBe(
      'renewed',
    );
    expect(await outcome(refreshSession(deps.identity, undefined))).toBe(
      `unauthenticated: ${SESSION_ENDED}`,
    );
    expect(await outcome(refreshSession(deps.identity, 'revoked'))).toBe(
      `unauthenticated: ${SESSION_ENDED}`,
    );
  });

  it('revokes the refresh token on sign-out, and signs out without one', async () => {
    const { deps, revoked } = fakes();
    await endSession(deps.identity, 'refresh-for-admin@example.com');
    await endSession(deps.identity, undefined);
    expect(revoked).toEqual(['refresh-for-admin@example.com']);
  });
});
