import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadOf } from '../../../../test/support/lead-fixture';
import { dynamoClient } from '../../../platform/aws/clients';
import { DynamoStatsStore, NO_LANDING, VIEW_SHARDS } from './stats-store';

let stack: TestStack;
const store = new DynamoStatsStore();

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A week's figures as plain objects, for exact comparisons. */
async function weekOf(week: string) {
  const w = await store.week(week);
  return {
    total: w.total,
    source: Object.fromEntries(w.source),
    subject: Object.fromEntries(w.subject),
    landing: Object.fromEntries(w.landing),
  };
}
const statuses = async () => Object.fromEntries(await store.statuses());

// Each test uses its own weeks (Mondays of 2030), so they do not see each other's leads.
describe('DynamoStatsStore, leads', () => {
  it('counts a lead once in its week (Monday UTC), source, subject, landing path and status, however often it is told', async () => {
    const before = await statuses();
    const lead = leadOf({
      created_at: '2030-01-13T23:30:00.000Z', // a Sunday: the week of Monday 7 January
      source: 'newsletter',
      subject: 'Branding',
      landing_page: '/services?utm_source=newsletter#top',
    });
    await Promise.all([store.leadReceived(lead), store.leadReceived(lead)]);
    await store.leadReceived(lead);
    await store.leadReceived(leadOf({ created_at: '2030-01-07T00:00:00.000Z' }));
    expect(await weekOf('2030-01-07')).toEqual({
      total: 2,
      source: { newsletter: 1, direct: 1 },
      subject: { Branding: 1, SEO: 1 },
      landing: { '/services': 1, [NO_LANDING]: 1 },
    });
    expect(await weekOf('2030-01-14')).toEqual({ total: 0, source: {}, subject: {}, landing: {} });
    expect((await statuses()).new).toBe((before.new ?? 0) + 2);
  });

  it('keeps a spam lead out of the week figures, and moves them with the lead in and out of spam', async () => {
    const spam = leadOf({ created_at: '2030-02-04T09:00:00.000Z', status: 'spam' });
    const before = await statuses();
    await store.leadReceived(spam);
    expect(await weekOf('2030-02-04')).toEqual({ total: 0, source: {}, subject: {}, landing: {} });
    expect((await statuses()).spam).toBe((before.spam ?? 0) + 1);

    await store.statusChanged({ ...spam, status: 'new' }, 'spam', 'new');
    expect(await weekOf('2030-02-04')).toEqual({
      total: 1,
      source: { direct: 1 },
      subject: { SEO: 1 },
      landing: { [NO_LANDING]: 1 },
    });
    await store.statusChanged({ ...spam, status: 'contacted' }, 'new', 'contacted');
    expect((await weekOf('2030-02-04')).total).toBe(1);
    const now = await statuses();
    expect(now.spam).toBe(before.spam ?? 0);
    expect(now.new).toBe(before.new ?? 0);
    expect(now.contacted).toBe((before.contacted ?? 0) + 1);

    await store.statusChanged({ ...spam, status: 'spam' }, 'contacted', 'spam');
    expect(await weekOf('2030-02-04')).toEqual({
      total: 0,
      source: { direct: 0 },
      subject: { SEO: 0 },
      landing: { [NO_LANDING]: 0 },
    });
    expect((await statuses()).spam).toBe((before.spam ?? 0) + 1);
  });

  it('counts a lead stored before the aggregates as it is now on its first status change, once', async () => {
    const old = leadOf({ created_at: '2030-03-04T09:00:00.000Z' });
    const before = await statuses();
    await store.statusChanged({ ...old, status: 'won' }, 'new', 'won');
    await store.leadReceived({ ...old, status: 'won' }); // the backfill reaching it afterwards
    expect((await weekOf('2030-03-04')).total).toBe(1);
    const now = await statuses();
    expect(now.new ?? 0).toBe(before.new ?? 0);
    expect(now.won).toBe((before.won ?? 0) + 1);
  });

  it('takes an erased lead out of the status counts only, and an uncounted one not at all', async () => {
    const lead = leadOf({ created_at: '2030-04-01T09:00:00.000Z', status: 'qualified' });
    const before = await statuses();
    await store.leadReceived(lead);
    await store.leadErased(lead);
    await store.leadErased(leadOf({ status: 'qualified' }));
    expect((await statuses()).qualified ?? 0).toBe(before.qualified ?? 0);
    expect((await weekOf('2030-04-01')).total).toBe(1);
  });
});

describe('DynamoStatsStore, views', () => {
  const dayItem = async (day: string) =>
    (
      await stack.clients.doc.send(
        new GetCommand({
          TableName: stack.env.STATS_TABLE,
          Key: { pk: `VIEWS#${day}`, sk: 'POSTS' },
        }),
      )
    ).Item;

  it('adds one per view to the post attribute of one shard of the UTC day, even at once, and reads the sum', async () => {
    await Promise.all(
      Array.from({ length: 40 }, () => store.postViewed(42, new Date('2030-05-01T23:59:59.999Z'))),
    );
    await store.postViewed(7, new Date('2030-05-01T00:00:00.000Z'));
    await store.postViewed(42, new Date('2030-05-02T00:00:00.000Z'));
    const raw = await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.STATS_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'VIEWS#2030-05-01' },
      }),
    );
    const items = raw.Items ?? [];
    // 40 views spread over the shards: more than one item, none beyond the 16 shard keys.
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThanOrEqual(VIEW_SHARDS);
    for (const item of items) expect(String(item.sk)).toMatch(/^POSTS(#([1-9]|1[0-5]))?$/);
    const sum = (attr: string) =>
      items.reduce((n, item) => n + (typeof item[attr] === 'number' ? item[attr] : 0), 0);
    expect(sum('p42')).toBe(40);
    expect(sum('p7')).toBe(1);
    const [first, second] = await store.viewsOn(['2030-05-01', '2030-05-02']);
    expect(Object.fromEntries(first ?? [])).toEqual({ 42: 40, 7: 1 });
    expect(Object.fromEntries(second ?? [])).toEqual({ 42: 1 });
  });

  it('reads the views of many days with BatchGet (every shard of 30 days in 5 calls), day by day in the order asked, a day without views empty', async () => {
    await store.postViewed(3, new Date('2030-06-01T12:00:00.000Z'));
    await store.postViewed(3, new Date('2030-06-03T12:00:00.000Z'));
    await store.postViewed(1234567, new Date('2030-06-03T12:00:00.000Z'));
    const days = Array.from({ length: 30 }, (_, i) => `2030-06-${String(i + 1).padStart(2, '0')}`);
    const send = vi.spyOn(dynamoClient(), 'send');
    try {
      const views = await store.viewsOn(days);
      expect(send).toHaveBeenCalledTimes(Math.ceil((30 * VIEW_SHARDS) / 100));
      for (const call of send.mock.calls) expect(call[0]).toBeInstanceOf(BatchGetCommand);
      expect(views).toHaveLength(30);
      expect(Object.fromEntries(views[0] ?? [])).toEqual({ 3: 1 });
      expect(views[1]?.size).toBe(0);
      expect(Object.fromEntries(views[2] ?? [])).toEqual({ 3: 1, 1234567: 1 });
      expect(views.slice(3).every((v) => v.size === 0)).toBe(true);
    } finally {
      send.mockRestore();
    }
  });

  it('ignores items of the earlier per-post layout and attributes that are not post counters', async () => {
    await stack.clients.doc.send(
      new PutCommand({
        TableName: stack.env.STATS_TABLE,
        Item: { pk: 'VIEWS#2030-07-01', sk: 'POST#0000000042', postId: 42, count: 9 },
      }),
    );
    await stack.clients.doc.send(
      new PutCommand({
        TableName: stack.env.STATS_TABLE,
        Item: { pk: 'VIEWS#2030-07-02', sk: 'POSTS', p5: 2, pending: 1, px: 3, p6: 'many' },
      }),
    );
    const [old, current] = await store.viewsOn(['2030-07-01', '2030-07-02']);
    expect(old?.size).toBe(0);
    expect(Object.fromEntries(current ?? [])).toEqual({ 5: 2 });
  });

  it('refuses to count a view of something that is not a post id', async () => {
    for (const id of [0, -1, 1.5, Number.NaN])
      await expect(store.postViewed(id, new Date('2030-08-01T00:00:00.000Z'))).rejects.toThrow(
        'Not a post id',
      );
    expect(await dayItem('2030-08-01')).toBeUndefined();
  });
});
