import { describe, expect, it } from 'vitest';
import type { PostRecord, UpdateOutcome } from './ports';
import { repairStoredWordSpaces, type RepairDeps } from './repair-word-spaces';

const post = (id: number, content: string): PostRecord => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  content,
  head_tag: '',
  banner_key: null,
  created_at: '2024-01-01T00:00:00.000Z',
  status: 'published',
  publish_at: '2024-01-01T00:00:00.000Z',
  updated_by: null,
  updated_at: '2024-01-01T00:00:00.000Z',
  category_id: null,
  author_id: null,
  version: 3,
});

function fakes(stored: PostRecord[], editMeanwhile?: (p: PostRecord) => PostRecord) {
  const posts = new Map(stored.map((p) => [p.id, p]));
  const done = new Set<string>();
  const invalidated: string[][] = [];
  let edit = editMeanwhile;
  const deps: RepairDeps = {
    posts: {
      listPage: (page, size) => {
        const all = [...posts.values()];
        return Promise.resolve({
          items: all.slice((page - 1) * size, page * size),
          hasNext: all.length > page * size,
        });
      },
      getPost: (id) => Promise.resolve(posts.get(id) ?? null),
      replacePost: (next, expected): Promise<UpdateOutcome> => {
        if (edit) {
          const current = posts.get(next.id);
          if (current) posts.set(next.id, edit(current));
          edit = undefined;
        }
        const current = posts.get(next.id);
        if (!current) return Promise.resolve('missing');
        if (current.version !== expected) return Promise.resolve('stale');
        posts.set(next.id, next);
        return Promise.resolve('updated');
      },
    },
    markers: {
      isDone: (job) => Promise.resolve(done.has(job)),
      markDone: (job) => Promise.resolve(void done.add(job)),
    },
    cdn: { invalidate: (paths) => Promise.resolve(void invalidated.push(paths)) },
    log: { warn: () => {} },
  };
  return { deps, posts, invalidated };
}

describe('repairStoredWordSpaces', () => {
  it('repairs stored posts once, keeping version and dates, and marks itself done', async () => {
    const { deps, posts, invalidated } = fakes([
      post(1, '<p>Every\u00a0space\u00a0was\u00a0non-breaking</p>'),
      post(2, '<p>Already fine</p>'),
    ]);
    expect(await repairStoredWordSpaces(deps)).toEqual({ skipped: false, repaired: 1 });
    expect(posts.get(1)).toEqual({ ...post(1, '<p>Every space was non-breaking</p>') });
    expect(invalidated[0]).toContain('post-1');
    expect(await repairStoredWordSpaces(deps)).toEqual({ skipped: true, repaired: 0 });
    // A restore brings the old text back: the operator runs it again.
    posts.set(1, post(1, '<p>Restored\u00a0from\u00a0backup</p>'));
    expect(await repairStoredWordSpaces(deps)).toEqual({ skipped: true, repaired: 0 });
    expect(await repairStoredWordSpaces(deps, { again: true })).toEqual({
      skipped: false,
      repaired: 1,
    });
    expect(posts.get(1)?.content).toBe('<p>Restored from backup</p>');
  });

  it('reads a post edited meanwhile again instead of overwriting the edit', async () => {
    const { deps, posts } = fakes([post(1, '<p>old\u00a0text</p>')], (p) => ({
      ...p,
      content: '<p>edited\u00a0text</p>',
      version: p.version + 1,
    }));
    await repairStoredWordSpaces(deps);
    expect(posts.get(1)?.content).toBe('<p>edited text</p>');
    expect(posts.get(1)?.version).toBe(4);
  });
});
