import { SPECIAL_SLUGS, contract } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { SEED_AUTHORS, SEED_CATEGORIES } from '../provisioning/seed-taxonomy';
import { SEED_POSTS } from './seed-posts';

describe('SEED_POSTS', () => {
  it('holds at least six valid posts, among them the two special articles', () => {
    expect(SEED_POSTS.length).toBeGreaterThanOrEqual(6);
    expect(SEED_POSTS.map((p) => p.slug)).toEqual(
      expect.arrayContaining([SPECIAL_SLUGS.career, SPECIAL_SLUGS.fileIcons]),
    );
    expect(new Set(SEED_POSTS.map((p) => p.slug)).size).toBe(SEED_POSTS.length);
    for (const p of SEED_POSTS) {
      const body = contract.createPost.request.body.safeParse({
        title: p.title,
        slug: p.slug,
        category_id: String(p.categoryId),
        author_id: String(p.authorId),
        content: p.content,
        head_tag: p.headTag,
      });
      expect(body.success, p.slug).toBe(true);
      expect(p.categoryId).toBeLessThanOrEqual(SEED_CATEGORIES.length);
      expect(p.authorId).toBeLessThanOrEqual(SEED_AUTHORS.length);
    }
  });

  it('gives every article several paragraphs, headings, a list and a link', () => {
    for (const p of SEED_POSTS) {
      expect((p.content.match(/<p>/g) ?? []).length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.content, p.slug).toMatch(/<h2>/);
      expect(p.content, p.slug).toMatch(/<(ul|ol)>/);
      expect(p.content, p.slug).toMatch(/<a href="/);
    }
  });
});
