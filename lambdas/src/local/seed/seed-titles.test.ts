import { describe, expect, it } from 'vitest';
import { SEED_POSTS } from './seed-posts';

// A post's <title> is "<title> | <site name>" (post-meta.ts): 17 characters with the seeded name.
const SUFFIX = ' | Alchem Digital'.length;

describe('seeded posts as search results show them', () => {
  it.each(SEED_POSTS.map((p) => [p.slug, p] as const))(
    '%s keeps its page title within 70 characters',
    (_, post) => expect(post.title.length + SUFFIX, post.title).toBeLessThanOrEqual(70),
  );
});
