import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startTestStack, type TestStack } from '../../test/harness';
import type { NewLead } from '../domain/leads';
import { DynamoReplayGuard } from './captcha-replay';
import { DynamoHitCounter } from './lead-rate-counter';
import { leadRepository } from './lead-repository';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const newLead = (id: string, minute = 0): NewLead => ({
  id,
  created_at: new Date(Date.UTC(2025, 5, 1, 8, minute)).toISOString(),
  name: 'N',
  phone: '0441234567',
  email: 'n@example.com',
  subject: 'SEO',
  message: 'm',
  page: null,
});
const raw = async (id: string) =>
  (
    await stack.clients.doc.send(
      new GetCommand({ TableName: stack.env.LEADS_TABLE, Key: { pk: `LEAD#${id}`, sk: 'LEAD' } }),
    )
  ).Item;
const pending = async () => {
  const ids: string[] = [];
  for await (const id of leadRepository().pendingIds()) ids.push(id);
  return ids;
};

describe('DynamoLeadRepository', () => {
  it('never overwrites a stored lead', async () => {
    const repo = leadRepository();
    await repo.create(newLead('DUP'));
    await expect(repo.create({ ...newLead('DUP'), name: 'Other' })).rejects.toThrow();
    expect(await raw('DUP')).toMatchObject({ name: 'N' });
  });

  it('grants a lease to one claimant, refuses others until it expires, and ignores outcomes from a lost lease', async () => {
    const repo = leadRepository();
    await repo.create(newLead('LEASE', 1));
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((t) => repo.claim('LEASE', t, 1_000, 61_000)),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await repo.claim('LEASE', 'late', 60_999, 120_000)).toBeNull();
    const holder = String((await raw('LEASE'))?.leaseToken);
    // The holder stalls past its lease; another sender takes over.
    expect(await repo.claim('LEASE', 'next', 61_001, 121_001)).toMatchObject({ id: 'LEASE' });
    await repo.markSent('LEASE', holder, '2025-06-01T08:02:00.000Z');
    expect(await raw('LEASE')).toMatchObject({
      email_status: 'pending',
      email_attempts: 0,
      leaseToken: 'next',
    });
    await repo.markSent('LEASE', 'next', '2025-06-01T08:02:00.000Z');
    const item = await raw('LEASE');
    expect(item).toMatchObject({
      email_status: 'sent',
      email_attempts: 1,
      sent_at: '2025-06-01T08:02:00.000Z',
    });
    expect(item).not.toHaveProperty('pendingPk');
    expect(item).not.toHaveProperty('leaseToken');
    expect(await repo.claim('LEASE', 'again', 999_999_999, 1_000_000_000)).toBeNull();
  });

  it('keeps a failed lead in the pending index, oldest first, with the attempt counted', async () => {
    const repo = leadRepository();
    await repo.create(newLead('FAIL2', 12));
    await repo.create(newLead('FAIL1', 11));
    await repo.claim('FAIL1', 't', 0, 10);
    await repo.markFailed('FAIL1', 't', 'SES down');
    expect(await raw('FAIL1')).toMatchObject({
      email_status: 'pending',
      email_attempts: 1,
      last_error: 'SES down',
      pendingPk: 'PENDING',
    });
    expect(await raw('FAIL1')).not.toHaveProperty('sendingUntil');
    const ids = await pending();
    expect(ids.indexOf('FAIL1')).toBeLessThan(ids.indexOf('FAIL2'));
    expect(ids).not.toContain('LEASE');
  });
});

describe('DynamoReplayGuard', () => {
  it('lets exactly one of many concurrent uses through and accepts the key again once its record expired', async () => {
    let now = 1_000_000;
    const guard = new DynamoReplayGuard(stack.clients.doc, stack.env.CONTENT_TABLE, () => now);
    const uses = await Promise.all(
      Array.from({ length: 5 }, () => guard.useOnce('sig-1', 1_000 + 600)),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    now = 1_700_000;
    await expect(guard.useOnce('sig-1', 2_000)).resolves.toBe(true);
  });
});

describe('DynamoHitCounter', () => {
  it('counts concurrent hits without losing any', async () => {
    const counter = new DynamoHitCounter(stack.clients.doc, stack.env.CONTENT_TABLE);
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => counter.hit('RATE#203.0.113.1#1', 99)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
