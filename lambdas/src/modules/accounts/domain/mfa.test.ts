import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/errors';
import type { SignInStep, StepRefusal } from './login';
import { disableMfa, MFA_REQUIRED_BY_SITE, otpauthUri } from './mfa';

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e)),
  );

describe('otpauthUri', () => {
  it('names the issuer and the e-mail and carries the parameters Cognito’s codes use', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      'otpauth://totp/Agency admin:ada@example.com',
    );
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Agency admin',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('disableMfa', () => {
  function deps(requireMfa = false) {
    const revoked: string[] = [];
    const calls: string[] = [];
    const failures = new Map<string, number>();
    return {
      revoked,
      calls,
      failures,
      deps: {
        requireMfa,
        totp: {
          setEnabled: async (_t: string, on: boolean) => {
            calls.push(`setEnabled ${on}`);
          },
        },
        identity: {
          profile: async () => ({ username: 'u', sub: 's', email: 'a@b.co', name: '', mfa: true }),
          signIn: async (_e: string, pw: string): Promise<SignInStep | null> =>
            pw === 'Right-Passw0rd!'
              ? { challenge: 'SOFTWARE_TOKEN_MFA', poolSession: 'pool', email: 'a@b.co' }
              : null,
          answerChallenge: async (
            _e: string,
            _c: string,
            _s: string,
            code: string,
          ): Promise<SignInStep | { refused: StepRefusal }> =>
            code === '123456'
              ? { tokens: { accessToken: 'a', refreshToken: 'proof-refresh' } }
              : { refused: 'wrong-code' },
          revoke: async (r: string) => {
            revoked.push(r);
          },
        },
        accounts: {
          update: async (_b: unknown, c: unknown) => {
            calls.push(`update ${JSON.stringify(c)}`);
          },
        },
        throttle: {
          failures: async (e: string) => failures.get(e) ?? 0,
          recordFailure: async (e: string) => {
            failures.set(e, (failures.get(e) ?? 0) + 1);
            return failures.get(e) ?? 0;
          },
          reset: async () => {},
        },
      },
    };
  }

  it('needs the password and a current code, counts wrong ones, and revokes the proof’s refresh token', async () => {
    const { deps: d, revoked, calls, failures } = deps();
    expect(await outcome(disableMfa(d, 't', { password: 'Wrong', code: '123456' }))).toBe(
      'invalid: password: is not your password.',
    );
    expect(await outcome(disableMfa(d, 't', { password: 'Right-Passw0rd!', code: '000000' }))).toBe(
      'invalid: code: is not right.',
    );
    expect(failures.get('a@b.co')).toBe(2);
    expect(calls).toEqual([]);
    await expect(
      disableMfa(d, 't', { password: 'Right-Passw0rd!', code: '123456' }),
    ).resolves.toEqual({ mfa: false });
    expect(revoked).toEqual(['proof-refresh']);
    expect(calls).toEqual(['setEnabled false', 'update {"mfa":false}']);
  });

  it('is refused (409) when the stage requires TOTP', async () => {
    const { deps: d, calls } = deps(true);
    expect(await outcome(disableMfa(d, 't', { password: 'Right-Passw0rd!', code: '123456' }))).toBe(
      `conflict: ${MFA_REQUIRED_BY_SITE}`,
    );
    expect(calls).toEqual([]);
  });
});
