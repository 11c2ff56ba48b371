import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '@agency/shared';
import { loginThrottleKey } from '../../src/modules/accounts/adapters/login-throttle';
import { newMember } from '../accounts/support';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';

/**
 * Issue 32, item 9: the sign-in throttle kept what was typed as the e-mail in its keys
 * (`LOGIN#hunter2@secret`) for its 15-minute window. It keys them by a keyed hash of the e-mail,
 * trimmed and lower-cased, so no table holds the text and the limit still holds however it is typed.
 */
let stack: TestStack;
stackForFile((started) => ({ stack } = started));

/** Every item of a table, read through the stand-in. */
async function everyItem(table: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await stack.clients.doc.send(
      new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

describe('the sign-in throttle’s keys', () => {
  it('keep no typed text in any table, only a keyed hash', async () => {
    const typed = ['hunter2@secret', 'passw0rd!@gmail.com', 'Correct-Horse-Battery-9'];
    for (const [i, email] of typed.entries()) {
      const res = await stack.invoke('login', {
        json: { email, password: 'Wrong-Passw0rd!2024' },
        sourceIp: `203.0.113.${120 + i}`,
      });
      expect(res.status, res.body).toBe(401);
    }
    const tables = [stack.env.CONTENT_TABLE, stack.env.AUDIT_TABLE, stack.env.TEAM_TABLE];
    const stored = JSON.stringify(await Promise.all(tables.map(everyItem))).toLowerCase();
    for (const email of typed) {
      expect(stored).not.toContain(email.toLowerCase());
      expect(stored).not.toContain(email.split('@')[0]?.toLowerCase());
    }
    // The failures are counted, under the hash.
    const content = await everyItem(stack.env.CONTENT_TABLE);
    for (const email of typed) {
      const { pk } = await loginThrottleKey(email);
      expect(pk).toMatch(/^LOGIN#[A-Za-z0-9_-]{43}$/);
      expect(content.find((item) => item.pk === pk)).toMatchObject({ failures: 1 });
    }
  });

  it('still limit an e-mail however it is typed (case, spaces), even with the right password', async () => {
    const member = await newMember(stack);
    const spellings = [
      member.email,
      member.email.toUpperCase(),
      `  ${member.email}`,
      `${member.email} `,
      member.email.replace(/^m/, 'M'),
    ];
    expect(spellings).toHaveLength(LOGIN_THROTTLE.maxFailures);
    for (const [i, email] of spellings.entries()) {
      const res = await stack.invoke('login', {
        json: { email, password: 'Wrong-Passw0rd!2024' },
        sourceIp: `203.0.113.${130 + i}`,
      });
      expect(res.status, `${email}: ${res.body}`).toBe(401);
    }
    const blocked = await stack.invoke('login', {
      json: { email: member.email, password: member.password },
      sourceIp: '203.0.113.140',
    });
    expect(blocked.status, blocked.body).toBe(429);
    expect((await loginThrottleKey(` ${member.email.toUpperCase()} `)).pk).toBe(
      (await loginThrottleKey(member.email)).pk,
    );
  });
});
