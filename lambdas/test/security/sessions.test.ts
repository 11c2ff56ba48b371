import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAILS, ADMIN_SESSION, buildPath } from '@agency/shared';
import { dataOf, newMember, signIn } from '../accounts/support';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';

/**
 * Probes 4 and 5 of the security review: a session ended by "sign out everywhere", a password
 * reset or the sign-out button must refuse its access tokens at once, not when they expire.
 */
let stack: TestStack;
stackForFile((started) => ({ stack } = started));

const FETCH = { [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue };
const iatOf = (token: string): number =>
  Number(
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        iat: unknown;
      }
    ).iat,
  );

/** Wait until early in a whole second, so a token and the change after it share that second. */
async function startOfSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 200) await new Promise((r) => setTimeout(r, 1000 - ms + 5));
}

describe('cut-off times are rounded up (probe 4)', () => {
  it('sign out everywhere refuses a token issued in the same second (3 of 3 trials)', async () => {
    let trials = 0;
    // A trial counts only when the token and the sign-out fall in one second (the probe's case).
    for (let attempt = 0; trials < 3 && attempt < 10; attempt++) {
      const member = await newMember(stack);
      await startOfSecond();
      const { token } = await signIn(stack, member);
      const other = await signIn(stack, member);
      const out = await stack.invoke('signOutEverywhere', { token, headers: FETCH });
      expect(out.status, out.body).toBe(204);
      if (iatOf(other.token) !== Math.floor(Date.now() / 1000)) continue;
      trials++;
      expect((await stack.invoke('getUserData', { token: other.token })).status).toBe(401);
    }
    expect(trials).toBe(3);
  });

  it('a password reset refuses a token issued in the same second', async () => {
    let trials = 0;
    for (let attempt = 0; trials < 1 && attempt < 5; attempt++) {
      const member = await newMember(stack);
      const forgot = await stack.invoke('forgotPassword', { json: { email: member.email } });
      expect(forgot.status).toBe(202);
      const mail = (await stack.sesMessages()).findLast(
        (m) =>
          m.destination.to.includes(member.email) &&
          m.subject === ACCOUNT_EMAILS.passwordReset.subject,
      );
      const code = /Your code is (\S+)/.exec(mail?.body.text ?? '')?.[1] ?? '';
      await startOfSecond();
      const { token } = await signIn(stack, member);
      const reset = await stack.invoke('resetPassword', {
        json: { email: member.email, code, password: 'Reset-Passw0rd!2026' },
      });
      expect(reset.status, reset.body).toBe(200);
      // Meaningful only when the token and the reset share one second (the probe's case).
      if (iatOf(token) !== Math.floor(Date.now() / 1000)) continue;
      trials++;
      expect((await stack.invoke('getUserData', { token })).status).toBe(401);
    }
    expect(trials).toBe(1);
  });
});

describe('signing out ends the access token too (probe 5)', () => {
  it('after POST /api/user/session/logout the old access token gets 401, and a renewed one too', async () => {
    const member = await newMember(stack);
    const session = await signIn(stack, member);
    const cookie = `${ADMIN_SESSION.cookieName}=${session.refreshToken}`;
    const renewed = await stack.request('POST', buildPath('refreshSession'), {
      headers: { ...FETCH, cookie },
    });
    expect(renewed.status, renewed.body).toBe(200);
    const renewedToken = dataOf<{ token: string }>(renewed).token;
    expect((await stack.invoke('getUserData', { token: session.token })).status).toBe(200);

    const out = await stack.request('POST', buildPath('logoutSession'), {
      headers: { ...FETCH, cookie },
    });
    expect(out.status, out.body).toBe(204);
    expect((await stack.invoke('getUserData', { token: session.token })).status).toBe(401);
    expect((await stack.invoke('getUserData', { token: renewedToken })).status).toBe(401);
    expect((await stack.invoke('listLeads', { token: session.token })).status).toBe(401);
  });

  it('another sign-in of the same account keeps working', async () => {
    const member = await newMember(stack);
    const first = await signIn(stack, member);
    const second = await signIn(stack, member);
    const out = await stack.request('POST', buildPath('logoutSession'), {
      headers: { ...FETCH, cookie: `${ADMIN_SESSION.cookieName}=${first.refreshToken}` },
    });
    expect(out.status).toBe(204);
    expect((await stack.invoke('getUserData', { token: first.token })).status).toBe(401);
    expect((await stack.invoke('getUserData', { token: second.token })).status).toBe(200);
  });
});
