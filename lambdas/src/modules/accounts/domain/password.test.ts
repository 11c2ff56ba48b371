import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET } from '@agency/shared';
import { DomainError } from '../../../platform/errors';
import {
  changePassword,
  forgotPassword,
  resetPassword,
  RESET_CODE_THROTTLED,
  RESET_THROTTLED,
} from './password';

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e)),
  );

/** A clock that only moves when the code under test sleeps or the pool "takes" time. */
function fakeClock() {
  let now = 1_800_000_000_000;
  const slept: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

function counter() {
  const hits = new Map<string, number>();
  return {
    hits,
    hit: async (key: string) => {
      hits.set(key, (hits.get(key) ?? 0) + 1);
      return hits.get(key) ?? 0;
    },
  };
}

describe('forgotPassword', () => {
  it('never answers sooner than minAnswerMs, whether the pool was quick or sent nothing', async () => {
    for (const poolMs of [0, 150, PASSWORD_RESET.minAnswerMs + 50]) {
      const clock = fakeClock();
      const started = clock.now();
      const passwords = {
        forgotPassword: async () => {
          clock.advance(poolMs);
          return { sent: poolMs > 0 };
        },
      };
      await forgotPassword({ passwords, counter: counter(), ...clock }, 'A@B.co', '1.2.3.4');
      expect(clock.now() - started).toBe(Math.max(poolMs, PASSWORD_RESET.minAnswerMs));
    }
  });

  it('limits per e-mail (any address case) and per IP, and waits out minAnswerMs on a 429 too', async () => {
    const clock = fakeClock();
    const c = counter();
    let asked = 0;
    const passwords = {
      forgotPassword: async () => {
        asked++;
        return { sent: true };
      },
    };
    const deps = { passwords, counter: c, ...clock };
    for (let i = 0; i < PASSWORD_RESET.perEmail.max; i++)
      expect(
        await outcome(forgotPassword(deps, i % 2 ? 'a@b.co' : ' A@B.CO ', `10.0.0.${i}`)),
      ).toBe('ok');
    clock.slept.length = 0;
    expect(await outcome(forgotPassword(deps, 'a@b.co', '10.0.1.1'))).toBe(
      `too-many-requests: ${RESET_THROTTLED}`,
    );
    expect(clock.slept).toEqual([PASSWORD_RESET.minAnswerMs]);
    expect(asked).toBe(PASSWORD_RESET.perEmail.max);
  });
});

describe('resetPassword', () => {
  const base = () => {
    const updates: unknown[] = [];
    const signedOut: string[] = [];
    const cleared: string[] = [];
    const wrong = new Map<string, number>();
    return {
      updates,
      signedOut,
      cleared,
      deps: {
        passwords: {
          confirmReset: async (_e: string, code: string) =>
            code === '123456' ? ('done' as const) : ('wrong-code' as const),
        },
        directory: {
          findByEmail: async (email: string) =>
            email === 'a@b.co' ? { sub: 'sub-1', email, username: 'user-1' } : null,
          signOutAccount: async (username: string) => {
            signedOut.push(username);
          },
        },
        accounts: {
          update: async (b: unknown, c: unknown) => {
            updates.push([b, c]);
          },
        },
        throttle: {
          reset: async (e: string) => {
            cleared.push(e);
          },
        },
        wrongCodes: {
          hit: async (key: string) => {
            wrong.set(key, (wrong.get(key) ?? 0) + 1);
            return wrong.get(key) ?? 0;
          },
          hits: async (key: string) => wrong.get(key) ?? 0,
        },
        now: () => 1_800_000_000_400,
      },
    };
  };

  it('checks the password rules first, then names a wrong code', async () => {
    const { deps, updates } = base();
    expect(
      await outcome(resetPassword(deps, { email: 'a@b.co', code: '123456', password: 'weak' })),
    ).toMatch(/^invalid: password: The password needs at least 12 characters/);
    expect(
      await outcome(
        resetPassword(deps, { email: 'a@b.co', code: '999999', password: 'Strong-Passw0rd!' }),
      ),
    ).toMatch(/^invalid: code: /);
    expect(updates).toEqual([]);
  });

  it('ends every session of the account from before the reset and forgets its failed sign-ins', async () => {
    const { deps, updates, signedOut, cleared } = base();
    await expect(
      resetPassword(deps, { email: ' A@b.co', code: '123456', password: 'Strong-Passw0rd!' }),
    ).resolves.toEqual({ sub: 'sub-1' });
    // Rounded up: a token issued in the reset's own second (iat 1_800_000_000) is refused.
    expect(updates).toEqual([[{ sub: 'sub-1', email: 'a@b.co' }, { validAfter: 1_800_000_001 }]]);
    expect(signedOut).toEqual(['user-1']);
    expect(cleared).toEqual(['a@b.co']);
  });

  it('refuses (429) after five wrong codes of an account, without trying the sixth, right or not', async () => {
    const { deps } = base();
    const reset = (email: string, code: string) =>
      outcome(resetPassword(deps, { email, code, password: 'Strong-Passw0rd!' }));
    for (let i = 0; i < PASSWORD_RESET.wrongCodes.max; i++)
      expect(await reset('a@b.co', `00000${i}`)).toMatch(/^invalid: code: /);
    expect(await reset('A@b.co', '123456')).toBe(`too-many-requests: ${RESET_CODE_THROTTLED}`);
    // Another account's codes are its own.
    expect(await reset('c@d.co', '123456')).toBe('ok');
  });
});

describe('changePassword', () => {
  it('counts a wrong current password toward the login throttle and refuses at the limit before asking the pool', async () => {
    const counts = new Map<string, number>();
    let asked = 0;
    const deps = {
      passwords: {
        changePassword: async (_t: string, current: string) => {
          asked++;
          return current === 'Right-Passw0rd!' ? ('done' as const) : ('wrong-password' as const);
        },
      },
      identity: {
        profile: async () => ({ username: 'u', sub: 's', email: 'A@b.co', name: '', mfa: false }),
      },
      throttle: {
        failures: async (e: string) => counts.get(e) ?? 0,
        recordFailure: async (e: string) => {
          counts.set(e, (counts.get(e) ?? 0) + 1);
          return counts.get(e) ?? 0;
        },
        reset: async () => {},
      },
    };
    const input = (current: string) => ({
      current_password: current,
      new_password: 'New-Passw0rd!99',
    });
    expect(await outcome(changePassword(deps, 't', input('Wrong-Passw0rd!')))).toBe(
      'invalid: current_password: is not your current password.',
    );
    expect(counts.get('a@b.co')).toBe(1);
    counts.set('a@b.co', 5);
    expect(await outcome(changePassword(deps, 't', input('Right-Passw0rd!')))).toMatch(
      /^too-many-requests/,
    );
    expect(asked).toBe(1);
  });
});
