import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness';
import { visitorAgent } from '../support/visitors';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const token = await stack.adminToken();
  const created = await stack.invoke('createPost', {
    token,
    multipart: { title: 'Popular', slug: 'popular', content: '<p>read me</p>' },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await stack?.stop();
});

describe('fault: 1,000 concurrent view increments', () => {
  it('counts every one exactly', async () => {
    const N = 1000;
    const answers = await Promise.all(
      // N visitors, one view each: a post counts once per visitor a day.
      Array.from({ length: N }, (_, i) =>
        stack.invoke('increaseView', {
          form: { slug: 'popular' },
          headers: { 'user-agent': visitorAgent(i) },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const counts = answers
      .map((a) => (a.json as { data: { views: number } }).data.views)
      .sort((a, b) => a - b);
    // Each increment saw its own value: 1..N, no lost update, no duplicate.
    expect(counts).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const post = await stack.invoke('getPost', { form: { slug: 'popular' } });
    expect((post.json as { data: { post: { views: number } } }).data.post.views).toBe(N);
  }, 120_000);
});
