import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAILS,
  ADMIN_SESSION,
  buildPath,
  LOGIN_THROTTLE,
  PASSWORD_RESET,
} from '@agency/shared';
import type { TestResponse, TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { auditOf, dataOf, newMember, signIn } from './support';

let stack: TestStack;
stackForFile((started) => ({ stack } = started));

const FETCH = { [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue };
let ipCount = 0;
/** A new client address per test, so the per-IP reset limit of one test does not reach the next. */
const freshIp = () => `203.0.113.${++ipCount}`;

async function timed(
  call: () => Promise<TestResponse>,
): Promise<{ res: TestResponse; ms: number }> {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

const forgot = (email: string, sourceIp: string) =>
  timed(() => stack.invoke('forgotPassword', { json: { email }, sourceIp }));

/** The reset code of the newest reset e-mail to `email` in the SES stand-in. */
async function resetCodeOf(email: string): Promise<string> {
  const mails = (await stack.sesMessages()).filter(
    (m) => m.destination.to.includes(email) && m.subject === ACCOUNT_EMAILS.passwordReset.subject,
  );
  const text = mails.at(-1)?.body.text ?? '';
  const code = /Your code is (\S+)/.exec(text)?.[1];
  expect(code, `a reset e-mail to ${email}`).toBeDefined();
  return code ?? '';
}

describe('forgot password', () => {
  it('answers a known and an unknown e-mail alike: same status and body, both ≥ minAnswerMs, within 300 ms of each other', async () => {
    const member = await newMember(stack);
    const ip = freshIp();
    // Warm the handler and clients so the first measured call pays no cold start.
    await forgot('warm-up@example.com', ip);
    const known = await forgot(member.email, ip);
    const unknown = await forgot('nobody-here@example.com', ip);
    expect(known.res.status).toBe(202);
    expect(unknown.res.status).toBe(202);
    expect(unknown.res.body).toBe(known.res.body);
    expect(known.ms).toBeGreaterThanOrEqual(PASSWORD_RESET.minAnswerMs);
    expect(unknown.ms).toBeGreaterThanOrEqual(PASSWORD_RESET.minAnswerMs);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(300);

    // Only the known e-mail gets a code. The pool itself answers both alike (it prevents user
    // existence errors), so the trail records the request, not whether a code went out.
    expect(await resetCodeOf(member.email)).toMatch(/^\d{6}$/);
    expect(
      (await stack.sesMessages()).some((m) => m.destination.to.includes('nobody-here@example.com')),
    ).toBe(false);
    expect((await auditOf(stack, member.email)).map((r) => r.outcome)).toEqual(['success']);
    // No account has that e-mail: the trail shows it masked (people type passwords there).
    expect((await auditOf(stack, 'n…e@unknown'))[0]).toMatchObject({
      action: 'forgotPassword',
      actorId: '',
      ip,
    });
  });

  it('limits requests per e-mail and per client IP (429, still no sooner than minAnswerMs)', async () => {
    const member = await newMember(stack);
    const { email } = member;
    for (let i = 0; i < PASSWORD_RESET.perEmail.max; i++)
      expect((await forgot(email, freshIp())).res.status).toBe(202);
    const limited = await forgot(email, freshIp());
    expect(limited.res.status).toBe(429);
    expect(limited.ms).toBeGreaterThanOrEqual(PASSWORD_RESET.minAnswerMs);
    expect((await auditOf(stack, email)).at(-1)).toMatchObject({
      outcome: 'throttled',
      status: 429,
    });

    const ip = freshIp();
    const calls = Array.from({ length: PASSWORD_RESET.perIp.max }, (_, i) =>
      forgot(`ip-${i}@example.com`, ip),
    );
    expect((await Promise.all(calls)).map((c) => c.res.status)).toEqual(
      Array<number>(PASSWORD_RESET.perIp.max).fill(202),
    );
    expect((await forgot('one-more@example.com', ip)).res.status).toBe(429);
  });
});

describe('reset password', () => {
  it('names the code when it is wrong, names the rules a weak password breaks, and resets with the e-mailed code', async () => {
    const member = await newMember(stack);
    const before = await signIn(stack, member);
    expect((await forgot(member.email, freshIp())).res.status).toBe(202);
    const code = await resetCodeOf(member.email);

    const weak = await stack.invoke('resetPassword', {
      json: { email: member.email, code, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({
      error:
        'password: The password needs at least 12 characters, an uppercase letter, a digit and a symbol such as ! @ # $ % & *.',
    });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await stack.invoke('resetPassword', {
      json: { email: member.email, code: wrongCode, password: 'Reset-Passw0rd!2025' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: expect.stringMatching(/^code: /) });

    // Tokens issued before the reset stop working; the sign-out comes a second after them.
    await new Promise((r) => setTimeout(r, 1100));
    const reset = await stack.invoke('resetPassword', {
      json: { email: member.email, code, password: 'Reset-Passw0rd!2025' },
    });
    expect(reset.status, reset.body).toBe(200);
    expect(dataOf<{ message: string }>(reset).message).toMatch(/reset/);

    expect((await stack.invoke('getUserData', { token: before.token })).status).toBe(401);
    const refresh = await stack.request('POST', buildPath('refreshSession'), {
      headers: { ...FETCH, cookie: `${ADMIN_SESSION.cookieName}=${before.refreshToken}` },
    });
    expect(refresh.status).toBe(401);
    expect((await stack.invoke('login', { json: member })).status).toBe(401);
    // The reset's cut-off is rounded up to the next second: a token of that same second is refused.
    await new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));
    const after = await signIn(stack, { email: member.email, password: 'Reset-Passw0rd!2025' });
    expect((await stack.invoke('getUserData', { token: after.token })).status).toBe(200);

    const outcomes = (await auditOf(stack, member.email))
      .filter((r) => r.action === 'resetPassword')
      .map((r) => `${r.outcome} ${r.status}`);
    expect(outcomes).toEqual(['failure 400', 'failure 400', 'success 200']);
  });

  it('answers an unknown e-mail as a wrong code', async () => {
    const res = await stack.invoke('resetPassword', {
      json: { email: 'nobody-at-all@example.com', code: '123456', password: 'Reset-Passw0rd!2025' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.stringMatching(/^code: /) });
  });
});

describe('change password', () => {
  it('names a wrong current password (counted toward the login throttle) and a weak new one, and the new one signs in', async () => {
    const member = await newMember(stack);
    const { token } = await signIn(stack, member);

    const weak = await stack.invoke('changePassword', {
      token,
      json: { current_password: member.password, new_password: 'alllowercaselong' },
    });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({
      error:
        'new_password: The password needs an uppercase letter, a digit and a symbol such as ! @ # $ % & *.',
    });

    const wrong = await stack.invoke('changePassword', {
      token,
      json: { current_password: 'Not-Current-Passw0rd!', new_password: 'Changed-Passw0rd!2025' },
    });
    expect(wrong.status, wrong.body).toBe(400);
    expect(wrong.json).toMatchObject({ error: expect.stringMatching(/^current_password: /) });

    const changed = await stack.invoke('changePassword', {
      token,
      json: { current_password: member.password, new_password: 'Changed-Passw0rd!2025' },
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await stack.invoke('login', { json: member })).status).toBe(401);
    await signIn(stack, { email: member.email, password: 'Changed-Passw0rd!2025' });
  });

  it('answers 429 once wrong current passwords reach the login throttle', async () => {
    const member = await newMember(stack);
    const { token } = await signIn(stack, member);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_THROTTLE.maxFailures; i++)
      statuses.push(
        (
          await stack.invoke('changePassword', {
            token,
            json: {
              current_password: `Wrong-Passw0rd!${i}`,
              new_password: 'Changed-Passw0rd!2025',
            },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array<number>(LOGIN_THROTTLE.maxFailures).fill(400), 429]);
  });
});
