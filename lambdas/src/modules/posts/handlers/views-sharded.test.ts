import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dashboard, dayKey } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { VIEW_SHARDS } from '../../dashboard/adapters/stats-store';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const VIEWS = 64;

let stack: TestStack;
let token: string;
let postId: number;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  const res = await stack.invoke('createPost', {
    token,
    form: {
      title: 'Hot post',
      slug: 'hot-post',
      content: '<p>Body</p>',
      status: 'published',
      publish_at: '2020-01-01T00:00:00.000Z',
    },
  });
  expect(res.status).toBe(201);
  postId = (res.json as { data: { id: number } }).data.id;
});
afterAll(async () => {
  await stack?.stop();
});

describe("a day's views of a hot post (issue 36 item 6: no one item takes every counted view)", () => {
  it('spreads concurrent counted views over the shard items, and the dashboard sums them to the count', async () => {
    const answers = await Promise.all(
      Array.from({ length: VIEWS }, (_, i) =>
        stack.invoke('increaseView', {
          json: { slug: 'hot-post' },
          sourceIp: `203.0.113.${i + 1}`,
          headers: { 'user-agent': BROWSER },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: VIEWS }, () => 200));
    // The post's own total went up once per visitor.
    const counts = answers.map((a) => (a.json as { data: { views: number } }).data.views);
    expect(Math.max(...counts)).toBe(VIEWS);

    const day = await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.STATS_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `VIEWS#${dayKey(new Date())}` },
      }),
    );
    const items = day.Items ?? [];
    const attribute = `p${postId}`;
    const perItem = items.map((item) =>
      typeof item[attribute] === 'number' ? item[attribute] : 0,
    );
    // 64 views at random over 16 shards: the chance all land on a few items is nil; none takes them all.
    expect(items.length).toBeGreaterThan(VIEW_SHARDS / 2);
    expect(items.length).toBeLessThanOrEqual(VIEW_SHARDS);
    expect(Math.max(...perItem)).toBeLessThan(VIEWS);
    expect(perItem.reduce((a, b) => a + b, 0)).toBe(VIEWS);

    const res = await stack.invoke('getDashboard', { token });
    expect(res.status).toBe(200);
    const { top_posts } = dashboard.parse((res.json as { data: unknown }).data);
    expect(top_posts.find((p) => p.id === postId)?.views).toBe(VIEWS);
  });
});
