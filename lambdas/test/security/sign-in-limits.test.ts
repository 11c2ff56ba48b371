import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUDIT_PUBLIC_WRITE_LIMIT, PASSWORD_RESET, SIGN_IN_IP_LIMIT } from '@agency/shared';
import { AUDIT_PK } from '../../src/platform/staff/audit-log';
import { auditOf, newMember } from '../accounts/support';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { clearOfWindowEnd } from '../support/window-edge';

/**
 * Probes 6, 7 and 8 of the security review: reset codes could be guessed without limit, one
 * address could try any number of e-mails, and the trail kept whatever was typed as the e-mail of
 * a failed sign-in (a password, shown to admins) from anyone, without limit.
 */
let stack: TestStack;
stackForFile((started) => ({ stack } = started));

const WRONG = 'Wrong-Passw0rd!2024';

/** Every audit record from one address (read straight from the table). */
async function recordsFrom(ip: string): Promise<{ actorEmail: string; outcome: string }[]> {
  const out = await stack.clients.doc.send(
    new QueryCommand({
      TableName: stack.env.AUDIT_TABLE,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'ip = :ip',
      ExpressionAttributeValues: { ':pk': AUDIT_PK, ':ip': ip },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    actorEmail: String(i.actorEmail),
    outcome: String(i.outcome),
  }));
}

describe('reset codes (probe 6)', () => {
  it('answers 429 after five wrong codes of an account, without asking the pool, and not to another account', async () => {
    const member = await newMember(stack);
    const other = await newMember(stack);
    const reset = (email: string, code: string) =>
      stack.invoke('resetPassword', {
        json: { email, code, password: 'Reset-Passw0rd!2026' },
        sourceIp: '203.0.113.60',
      });
    await clearOfWindowEnd(PASSWORD_RESET.wrongCodes.windowMs);
    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_RESET.wrongCodes.max + 3; i++)
      statuses.push((await reset(member.email, String(100000 + i))).status);
    expect(statuses).toEqual([
      ...Array<number>(PASSWORD_RESET.wrongCodes.max).fill(400),
      429,
      429,
      429,
    ]);
    expect((await reset(other.email, '100000')).status).toBe(400);
  });
});

describe('sign-in per address (probe 7)', () => {
  it('answers 429 to one address after 20 failures over 30 different e-mails; another address still signs in', async () => {
    const ip = '203.0.113.70';
    await clearOfWindowEnd(SIGN_IN_IP_LIMIT.windowMs);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (
          await stack.invoke('login', {
            json: { email: `guess-${i}@example.com`, password: WRONG },
            sourceIp: ip,
          })
        ).status,
      );
    expect(statuses).toEqual([
      ...Array<number>(SIGN_IN_IP_LIMIT.max).fill(401),
      ...Array<number>(30 - SIGN_IN_IP_LIMIT.max).fill(429),
    ]);
    // Even the right password, from that address, waits; from another it signs in.
    const blocked = await stack.invoke('login', {
      json: { email: stack.adminEmail, password: stack.adminPassword },
      sourceIp: ip,
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await stack.invoke('login', {
      json: { email: stack.adminEmail, password: stack.adminPassword },
      sourceIp: '203.0.113.71',
    });
    expect(elsewhere.status, elsewhere.body).toBe(200);
  });
});

describe('the trail of failed sign-ins (probe 8)', () => {
  it('records an identifier that is no account masked, and an account’s e-mail in full', async () => {
    const ip = '203.0.113.80';
    const password = 'p4ssw0rd-typed-here!';
    const typed = await stack.invoke('login', {
      json: { email: password, password: 'x' },
      sourceIp: ip,
    });
    expect(typed.status).toBe(401);
    const unknown = await stack.invoke('login', {
      json: { email: 'secret-guess@example.com', password: WRONG },
      sourceIp: ip,
    });
    expect(unknown.status).toBe(401);
    const member = await newMember(stack);
    await stack.invoke('login', { json: { email: member.email, password: WRONG }, sourceIp: ip });

    const records = await recordsFrom(ip);
    expect(records.map((r) => r.actorEmail)).toEqual(['p…!@unknown', 's…s@unknown', member.email]);
    expect(JSON.stringify(records)).not.toContain(password);
    expect(JSON.stringify(records)).not.toContain('secret-guess');
    expect((await auditOf(stack, member.email)).map((r) => r.outcome)).toEqual(['failure']);
  });

  it('keeps at most AUDIT_PUBLIC_WRITE_LIMIT records of callers not signed in per address', async () => {
    const ip = '203.0.113.90';
    const attempts = AUDIT_PUBLIC_WRITE_LIMIT.max + 15;
    await clearOfWindowEnd(AUDIT_PUBLIC_WRITE_LIMIT.windowMs);
    const statuses = new Set<number>();
    for (let i = 0; i < attempts; i++)
      statuses.add(
        (
          await stack.invoke('login', {
            json: { email: `flood-${i}@example.com`, password: WRONG },
            sourceIp: ip,
          })
        ).status,
      );
    // The first ones are refused as wrong, the rest throttled: every one answered all the same.
    expect([...statuses].sort()).toEqual([401, 429]);
    const records = await recordsFrom(ip);
    expect(records).toHaveLength(AUDIT_PUBLIC_WRITE_LIMIT.max);
    // Another address still gets its records.
    await stack.invoke('login', {
      json: { email: 'after-flood@example.com', password: WRONG },
      sourceIp: '203.0.113.91',
    });
    expect(await recordsFrom('203.0.113.91')).toHaveLength(1);
  });
});
