import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION, buildPath, LOGIN_THROTTLE, TOTP } from '@agency/shared';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import {
  auditOf,
  codeAt,
  dataOf,
  enrol,
  newMember,
  refreshTokenOf,
  signIn,
  wrongCode,
} from './support';

let stack: TestStack;
stackForFile((started) => ({ stack } = started));

const FETCH = { [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue };
const IP = '198.51.100.7';

/** The challenge answer of a password step. */
async function passwordStep(email: string, password: string) {
  const res = await stack.invoke('login', { json: { email, password }, sourceIp: IP });
  expect(res.status, res.body).toBe(200);
  return { res, data: dataOf<{ challenge?: string; session?: string; token?: string }>(res) };
}

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with an otpauth URI, then login asks for the code without a token and the code signs in', async () => {
    const member = await newMember(stack);
    const { token } = await signIn(stack, member);

    const setup = await stack.invoke('setupMfa', { token });
    expect(setup.status, setup.body).toBe(200);
    const { secret, otpauth_uri } = dataOf<{ secret: string; otpauth_uri: string }>(setup);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP.issuer}:${member.email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: TOTP.issuer,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    const wrong = await stack.invoke('verifyMfa', { token, json: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: expect.stringMatching(/^code: /) });
    const verify = await stack.invoke('verifyMfa', { token, json: { code: codeAt(secret, -1) } });
    expect(verify.status, verify.body).toBe(200);
    const me = await stack.invoke('getUserData', { token });
    expect(dataOf<{ mfa: boolean }>(me).mfa).toBe(true);

    const { res, data } = await passwordStep(member.email, member.password);
    expect(data).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });
    expect(res.cookies).toEqual([]);

    const done = await stack.invoke('loginMfa', {
      json: { session: data.session, code: codeAt(secret, 0) },
      sourceIp: IP,
    });
    expect(done.status, done.body).toBe(200);
    const signed = dataOf<{ token: string; email: string }>(done);
    expect(signed.email).toBe(member.email);
    // The session cookie of a two-step sign-in renews like any other.
    const renewed = await stack.request('POST', buildPath('refreshSession'), {
      headers: { ...FETCH, cookie: `${ADMIN_SESSION.cookieName}=${refreshTokenOf(done)}` },
    });
    expect(renewed.status, renewed.body).toBe(200);
    const again = await stack.invoke('getUserData', { token: signed.token });
    expect(again.status).toBe(200);

    const trail = await auditOf(stack, member.email);
    expect(trail.filter((r) => r.action === 'login' || r.action === 'loginMfa')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'login',
          outcome: 'success',
          target: 'step SOFTWARE_TOKEN_MFA',
          ip: IP,
        }),
        expect.objectContaining({
          action: 'loginMfa',
          outcome: 'success',
          actorId: expect.stringMatching(/.+/),
          ip: IP,
        }),
      ]),
    );
  });

  it('refuses a wrong code (401, counted) and answers 429 after LOGIN_THROTTLE.maxFailures without asking the pool', async () => {
    const member = await newMember(stack);
    const secret = await enrol(stack, (await signIn(stack, member)).token);
    const { data } = await passwordStep(member.email, member.password);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) {
      const res = await stack.invoke('loginMfa', {
        json: { session: data.session, code: wrongCode(secret) },
      });
      expect(res.status, res.body).toBe(401);
      expect(res.json).toMatchObject({ error: 'That code is not right.' });
    }
    const right = await stack.invoke('loginMfa', {
      json: { session: data.session, code: codeAt(secret, 0) },
    });
    expect(right.status).toBe(429);
    // The password step is throttled too: the count is the e-mail's.
    const login = await stack.invoke('login', { json: member });
    expect(login.status).toBe(429);

    const outcomes = (await auditOf(stack, member.email))
      .filter((r) => r.action === 'loginMfa')
      .map((r) => `${r.outcome} ${r.status}`);
    expect(outcomes).toEqual([
      ...Array<string>(LOGIN_THROTTLE.maxFailures).fill('failure 401'),
      'throttled 429',
    ]);
  });

  it('refuses a code already used once (a replayed code)', async () => {
    const member = await newMember(stack);
    const secret = await enrol(stack, (await signIn(stack, member)).token);
    const code = codeAt(secret, 0);
    const first = await passwordStep(member.email, member.password);
    const ok = await stack.invoke('loginMfa', { json: { session: first.data.session, code } });
    expect(ok.status, ok.body).toBe(200);
    const second = await passwordStep(member.email, member.password);
    const replay = await stack.invoke('loginMfa', { json: { session: second.data.session, code } });
    expect(replay.status).toBe(401);
  });

  it('answers 401 "step expired" for a session that is not one of ours, without counting it', async () => {
    const res = await stack.invoke('loginMfa', { json: { session: 'garbage', code: '123456' } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'This sign-in step has expired. Sign in again.' });
  });

  it('turns TOTP off only with the password and a current code', async () => {
    const member = await newMember(stack);
    const { token } = await signIn(stack, member);
    const secret = await enrol(stack, token);
    const badPassword = await stack.invoke('disableMfa', {
      token,
      json: { password: 'Not-The-Passw0rd!', code: codeAt(secret, 0) },
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.json).toMatchObject({ error: expect.stringMatching(/^password: /) });
    const badCode = await stack.invoke('disableMfa', {
      token,
      json: { password: member.password, code: wrongCode(secret) },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.json).toMatchObject({ error: expect.stringMatching(/^code: /) });
    const off = await stack.invoke('disableMfa', {
      token,
      json: { password: member.password, code: codeAt(secret, 0) },
    });
    expect(off.status, off.body).toBe(200);
    expect(dataOf(off)).toEqual({ mfa: false });
    // Signs in with the password alone again.
    await signIn(stack, member);
  });
});

describe('an invited member’s first sign-in', () => {
  it('answers NEW_PASSWORD_REQUIRED, names the rules a weak password breaks, then signs in with the new one', async () => {
    const member = await newMember(stack, { invited: true, password: 'Temp-Passw0rd!99' });
    const { data } = await passwordStep(member.email, member.password);
    expect(data).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });

    const weak = await stack.invoke('loginNewPassword', {
      json: { session: data.session, password: 'weakpassword' },
    });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({
      error:
        'password: The password needs an uppercase letter, a digit and a symbol such as ! @ # $ % & *.',
    });

    const chosen = 'Chosen-Passw0rd!2025';
    const done = await stack.invoke('loginNewPassword', {
      json: { session: data.session, password: chosen },
    });
    expect(done.status, done.body).toBe(200);
    const { token } = dataOf<{ token: string }>(done);
    expect((await stack.invoke('getUserData', { token })).status).toBe(200);
    await signIn(stack, { email: member.email, password: chosen });
    expect(
      (await auditOf(stack, member.email)).some(
        (r) => r.action === 'loginNewPassword' && r.outcome === 'success',
      ),
    ).toBe(true);
  });
});

describe('the password step', () => {
  it('records failures and successes in the audit trail with the e-mail tried', async () => {
    const member = await newMember(stack);
    const wrong = await stack.invoke('login', {
      json: { email: member.email, password: 'Wrong-Passw0rd!1' },
      sourceIp: IP,
    });
    expect(wrong.status).toBe(401);
    await signIn(stack, member);
    const trail = (await auditOf(stack, member.email)).filter((r) => r.action === 'login');
    expect(trail).toEqual([
      expect.objectContaining({ outcome: 'failure', status: 401, actorId: '', ip: IP }),
      expect.objectContaining({
        outcome: 'success',
        status: 200,
        actorId: expect.stringMatching(/.+/),
      }),
    ]);
  });
});

describe('sign out everywhere', () => {
  it('ends every session: the refresh cookie no longer renews and the old access token gets 401', async () => {
    const member = await newMember(stack);
    const one = await signIn(stack, member);
    const two = await signIn(stack, member);
    const out = await stack.invoke('signOutEverywhere', { token: one.token });
    expect(out.status, out.body).toBe(204);
    expect(out.cookies).toEqual([
      expect.stringMatching(new RegExp(`^${ADMIN_SESSION.cookieName}=;.*Max-Age=0`)),
    ]);

    for (const session of [one, two]) {
      const refresh = await stack.request('POST', buildPath('refreshSession'), {
        headers: { ...FETCH, cookie: `${ADMIN_SESSION.cookieName}=${session.refreshToken}` },
      });
      expect(refresh.status).toBe(401);
      expect((await stack.invoke('getUserData', { token: session.token })).status).toBe(401);
    }
    // A new sign-in works, from the next whole second (the cut-off is rounded up so that no
    // token of the sign-out's own second survives).
    await new Promise((r) => setTimeout(r, 1000));
    const three = await signIn(stack, member);
    expect((await stack.invoke('getUserData', { token: three.token })).status).toBe(200);
  });
});
