import { describe, expect, it } from 'vitest';
import { isSpecPage, matchOperation } from '@agency/shared';
import { SEED_POSTS } from './seed-posts';

/** Where search results cut a title or a description (Google's width, in characters). */
const TITLE_MAX = 60;
const DESCRIPTION_MAX = 160;
// A post's <title> is "<title> | <site name>" (post-meta.ts): 17 characters with the seeded name.
const SUFFIX = ' | Alchem Digital'.length;

const descriptionOf = (headTag: string): string =>
  /<meta name="description" content="([^"]*)">/.exec(headTag)?.[1] ?? '';

describe('seeded posts as search results show them', () => {
  it.each(SEED_POSTS.map((p) => [p.slug, p] as const))(
    '%s keeps its title within 60 characters (70 with the site name) and its description within 160',
    (_, post) => {
      expect(post.title.length, post.title).toBeLessThanOrEqual(TITLE_MAX);
      expect(post.title.length + SUFFIX, post.title).toBeLessThanOrEqual(70);
      const description = descriptionOf(post.headTag);
      expect(description, post.slug).not.toBe('');
      expect(description.length, description).toBeLessThanOrEqual(DESCRIPTION_MAX);
    },
  );
});

describe("seeded posts' own links", () => {
  const slugs = new Set(SEED_POSTS.map((p) => p.slug));
  /** Whether a fresh stack answers `href`: a specification page, the blog, a seeded post, or a public API call. */
  const answers = (href: string): boolean => {
    const path = href.split(/[?#]/)[0] ?? '';
    if (isSpecPage(path) || path === '/blog') return true;
    const post = /^\/blog\/([^/]+)$/.exec(path)?.[1];
    if (post) return slugs.has(post);
    return path.startsWith('/api/') && matchOperation('GET', path) !== null;
  };

  it.each(SEED_POSTS.map((p) => [p.slug, p] as const))(
    '%s links only to addresses that answer',
    (_, post) => {
      const hrefs = [...post.content.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1] ?? '');
      expect(hrefs.filter((href) => !answers(href))).toEqual([]);
    },
  );

  it('knows a broken link when it sees one (the old /seo link)', () => {
    expect(answers('/seo')).toBe(false);
    expect(answers('/seo-company-in-chennai')).toBe(true);
  });
});
