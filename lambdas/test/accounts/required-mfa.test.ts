import { describe, expect, it } from 'vitest';
import { MFA_ENROLMENT_REQUIRED } from '@agency/shared';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { codeAt, dataOf, newMember, signIn } from './support';

let stack: TestStack;
stackForFile((started) => ({ stack } = started), { requireMfa: true });

describe('a stage that requires TOTP (REQUIRE_MFA=true)', () => {
  it('lets a fresh admin sign in to enrol and nothing else, then everything once enrolled; TOTP cannot be turned off', async () => {
    const member = await newMember(stack);
    const { token } = await signIn(stack, member);

    const me = await stack.invoke('getUserData', { token });
    expect(me.status, me.body).toBe(200);
    expect(dataOf(me)).toMatchObject({ mfa: false, mfa_required: true, mfa_enforced: true });
    const blocked = await stack.invoke('createCategory', { token, form: { category: 'Blocked' } });
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({ error: MFA_ENROLMENT_REQUIRED });

    const setup = await stack.invoke('setupMfa', { token });
    expect(setup.status, setup.body).toBe(200);
    const { secret } = dataOf<{ secret: string }>(setup);
    const verify = await stack.invoke('verifyMfa', { token, json: { code: codeAt(secret, -1) } });
    expect(verify.status, verify.body).toBe(200);

    expect(dataOf(await stack.invoke('getUserData', { token }))).toMatchObject({
      mfa: true,
      mfa_required: false,
      mfa_enforced: true,
    });
    const created = await stack.invoke('createCategory', { token, form: { category: 'Enrolled' } });
    expect(created.status, created.body).toBe(201);

    const off = await stack.invoke('disableMfa', {
      token,
      json: { password: member.password, code: codeAt(secret, 0) },
    });
    expect(off.status).toBe(409);
    expect(off.json).toMatchObject({ error: 'This site requires two-factor sign-in.' });
  });
});
