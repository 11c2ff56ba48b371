import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, SIGN_IN_IP_LIMIT } from '@agency/shared';
import { DomainError } from '../../../platform/errors';
import { SESSION_ENDED, type AccountState } from '../../../platform/staff/ports';
import {
  STEP_EXPIRED,
  WRONG_CODE,
  endSession,
  IP_THROTTLED,
  login,
  loginMfa,
  loginNewPassword,
  packSession,
  refreshSession,
  signOutEverywhere,
  type IdentityProvider,
  type LoginThrottle,
} from './login';

const SUB = '1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978';
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const IP = '203.0.113.9';

function fakes(password = 'right', options: { mfaCode?: string } = {}) {
  const counts = new Map<string, number>();
  const asked: string[] = [];
  const revoked: string[] = [];
  const records = new Map<string, AccountState>();
  const tokens = (email: string) => ({
    tokens: { accessToken: `token-for-${email}`, refreshToken: `refresh-for-${email}` },
  });
  const identity: IdentityProvider = {
    signIn: async (email, pw) => {
      asked.push(email);
      if (pw !== password) return null;
      return options.mfaCode
        ? { challenge: 'SOFTWARE_TOKEN_MFA', poolSession: `pool-${email}`, email }
        : tokens(email);
    },
    answerChallenge: async (email, _challenge, poolSession, answer) => {
      asked.push(email);
      if (poolSession !== `pool-${email}`) return { refused: 'expired' };
      return answer === options.mfaCode ? tokens(email) : { refused: 'wrong-code' };
    },
    refresh: async (r) => (r === 'refresh-for-admin@example.com' ? 'renewed' : null),
    revoke: async (r) => {
      revoked.push(r);
    },
    signOutEverywhere: async () => {},
    profile: async () => ({
      username: 'admin',
      sub: SUB,
      email: 'admin@example.com',
      name: '',
      mfa: Boolean(options.mfaCode),
    }),
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
  const accounts = {
    get: async (sub: string) => records.get(sub) ?? null,
    recordSignIn: async (s: Pick<AccountState, 'sub' | 'email' | 'name' | 'mfa'>) => {
      const before = records.get(s.sub);
      records.set(s.sub, { enabled: true, validAfter: 0, ...before, ...s });
    },
  };
  const hits = new Map<string, number>();
  const ipFailures = {
    hit: async (key: string) => {
      hits.set(key, (hits.get(key) ?? 0) + 1);
      return hits.get(key) ?? 0;
    },
    hits: async (key: string) => hits.get(key) ?? 0,
  };
  return {
    deps: { identity, throttle, accounts, ipFailures, now: () => NOW },
    asked,
    counts,
    revoked,
    records,
  };
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e)),
  );

describe('login', () => {
  it('returns the profile and token on the right password, and records the sign-in', async () => {
    const { deps, records } = fakes();
    await expect(login(deps, ' Admin@Example.com ', 'right', IP)).resolves.toEqual({
      answer: {
        username: 'admin',
        email: 'admin@example.com',
        token: 'token-for-admin@example.com',
      },
      refreshToken: 'refresh-for-admin@example.com',
      sub: SUB,
    });
    expect(records.get(SUB)).toMatchObject({ email: 'admin@example.com', mfa: false });
  });

  it('answers with the person’s name as the username when the pool has one, else the pool’s user name', async () => {
    const { deps } = fakes();
    const profile = { username: SUB, sub: SUB, email: 'ada@example.com', mfa: false };
    deps.identity.profile = async () => ({ ...profile, name: 'Ada' });
    expect((await login(deps, 'ada@example.com', 'right', IP)).answer).toMatchObject({
      username: 'Ada',
    });
    deps.identity.profile = async () => ({ ...profile, name: '' });
    expect((await login(deps, 'ada@example.com', 'right', IP)).answer).toEqual({
      username: SUB,
      email: 'ada@example.com',
      token: 'token-for-ada@example.com',
    });
  });

  it('answers 401 on a wrong password, 429 after the limit without asking the pool, and a success resets', async () => {
    const { deps, asked, counts } = fakes();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      expect(await outcome(login(deps, 'a@b.co', 'wrong', IP))).toBe(
        'unauthenticated: Incorrect e-mail or password.',
      );
    const askedBefore = asked.length;
    expect(await outcome(login(deps, 'a@b.co', 'right', IP))).toMatch(/^too-many-requests/);
    expect(asked.length).toBe(askedBefore);
    counts.set('a@b.co', LOGIN_THROTTLE.maxFailures - 1);
    expect(await outcome(login(deps, 'a@b.co', 'right', IP))).toBe('ok');
    expect(counts.has('a@b.co')).toBe(false);
  });

  it('answers 429 to every e-mail from an address past SIGN_IN_IP_LIMIT failures, not to other addresses', async () => {
    const { deps, asked } = fakes();
    for (let i = 0; i < SIGN_IN_IP_LIMIT.max; i++)
      expect(await outcome(login(deps, `guess-${i}@b.co`, 'wrong', IP))).toBe(
        'unauthenticated: Incorrect e-mail or password.',
      );
    const askedBefore = asked.length;
    expect(await outcome(login(deps, 'a@b.co', 'right', IP))).toBe(
      `too-many-requests: ${IP_THROTTLED}`,
    );
    expect(asked.length).toBe(askedBefore);
    expect(await outcome(login(deps, 'a@b.co', 'right', '198.51.100.7'))).toBe('ok');
  });

  it('refuses an account disabled in the team table and revokes the refresh token it just got', async () => {
    const { deps, records, revoked } = fakes();
    records.set(SUB, {
      sub: SUB,
      email: 'a@b.co',
      name: '',
      enabled: false,
      mfa: false,
      validAfter: 0,
    });
    expect(await outcome(login(deps, 'a@b.co', 'right', IP))).toBe(
      'unauthenticated: This account is disabled.',
    );
    expect(revoked).toEqual(['refresh-for-a@b.co']);
  });
});

describe('the code step', () => {
  it('answers the challenge without a token, then signs in with the right code', async () => {
    const { deps } = fakes('right', { mfaCode: '123456' });
    const first = await login(deps, 'a@b.co', 'right', IP);
    expect(first.refreshToken).toBeUndefined();
    expect(first.answer).toEqual({
      challenge: 'SOFTWARE_TOKEN_MFA',
      session: packSession('pool-a@b.co', 'a@b.co'),
    });
    const session = 'session' in first.answer ? first.answer.session : '';
    const done = await loginMfa(deps, session, '123456', IP);
    expect(done.answer).toMatchObject({ token: 'token-for-a@b.co' });
    expect(done.refreshToken).toBe('refresh-for-a@b.co');
  });

  it('counts wrong codes toward the e-mail’s throttle and stops asking the pool at the limit', async () => {
    const { deps, counts, asked } = fakes('right', { mfaCode: '123456' });
    const session = packSession('pool-a@b.co', 'a@b.co');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      expect(await outcome(loginMfa(deps, session, '000000', IP))).toBe(
        `unauthenticated: ${WRONG_CODE}`,
      );
    expect(counts.get('a@b.co')).toBe(LOGIN_THROTTLE.maxFailures);
    const before = asked.length;
    expect(await outcome(loginMfa(deps, session, '123456', IP))).toMatch(/^too-many-requests/);
    expect(asked.length).toBe(before);
  });

  it('does not reset the throttle on a right password that still needs its code', async () => {
    const { deps, counts } = fakes('right', { mfaCode: '123456' });
    counts.set('a@b.co', 3);
    await login(deps, 'a@b.co', 'right', IP);
    expect(counts.get('a@b.co')).toBe(3);
  });

  it.each([
    ['garbage', 'not-a-session'],
    ['JSON of another shape', Buffer.from('{"x":1}').toString('base64url')],
    ['a pool session of another e-mail', packSession('pool-x@b.co', 'a@b.co')],
  ])('answers the step has expired for %s, without counting a failure', async (_w, session) => {
    const { deps, counts } = fakes('right', { mfaCode: '123456' });
    expect(await outcome(loginMfa(deps, session, '123456', IP))).toBe(
      `unauthenticated: ${STEP_EXPIRED}`,
    );
    expect(counts.size).toBe(0);
  });
});

describe('the new-password step', () => {
  it('names the rules a weak password breaks before asking the pool', async () => {
    const { deps, asked } = fakes();
    expect(
      await outcome(loginNewPassword(deps, packSession('pool-a@b.co', 'a@b.co'), 'short')),
    ).toBe(
      'invalid: password: The password needs at least 12 characters, an uppercase letter, a digit and a symbol such as ! @ # $ % & *.',
    );
    expect(asked).toEqual([]);
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

  it('signs out everywhere from the next whole second: a token of this same second is refused', async () => {
    const { deps } = fakes();
    const updates: unknown[] = [];
    const accounts = {
      update: async (_b: unknown, changes: unknown) => {
        updates.push(changes);
      },
    };
    const issuedAt = Math.floor((NOW + 400) / 1000);
    await signOutEverywhere({ identity: deps.identity, accounts }, 'token', NOW + 400);
    expect(updates).toEqual([{ validAfter: issuedAt + 1 }]);
  });

  it('revokes the refresh token on sign-out, and signs out without one', async () => {
    const { deps, revoked } = fakes();
    const sessions = { revoke: async () => undefined };
    await endSession({ identity: deps.identity, sessions }, 'refresh-for-admin@example.com');
    await endSession({ identity: deps.identity, sessions }, undefined);
    expect(revoked).toEqual(['refresh-for-admin@example.com']);
  });

  it("records the session's origin_jti as signed out until its newest token expires", async () => {
    const { deps, revoked } = fakes();
    const token = (claims: object) =>
      `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    const identity = {
      ...deps.identity,
      refresh: async () => token({ sub: SUB, origin_jti: 'sign-in-1', exp: 1_900_000_000 }),
    };
    const signedOut: unknown[] = [];
    const sessions = {
      revoke: async (...args: unknown[]) => {
        signedOut.push(args);
      },
    };
    await endSession({ identity, sessions }, 'refresh-1');
    expect(signedOut).toEqual([[SUB, 'sign-in-1', 1_900_000_000]]);
    expect(revoked).toEqual(['refresh-1']);
  });
});
