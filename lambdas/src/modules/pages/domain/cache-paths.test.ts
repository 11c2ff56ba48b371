import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract, SPECIAL_SLUGS } from '@agency/shared';
import { readSitePagesFile } from '@agency/shared/edge';
import { pathsToInvalidate } from './cache-paths';

/** The rendered patterns of today's page registry (web/dist-server/site-pages.json). */
const RENDERED = [
  '/blog',
  '/blog/*',
  `/${SPECIAL_SLUGS.career}`,
  '/sitemap.xml',
  '/rss.xml',
] as const;

/** The paths as they were written by hand before they derived from the registry. */
function handWritten(slugs: string[]): string[] {
  const paths = new Set(['/blog*', '/sitemap.xml', '/rss.xml', `${contract.listPosts.path}*`]);
  // Every cached post read, the changed posts' neighbours included (issue 36 item 6).
  if (slugs.length > 0) paths.add(`${contract.getPublishedPost.path}*`);
  for (const slug of slugs) {
    paths.add(`/blog/${slug}`);
    if (slug === SPECIAL_SLUGS.career) paths.add(`/${slug}`);
  }
  return [...paths];
}

const CASES = [
  [],
  ['a-post'],
  [SPECIAL_SLUGS.career],
  ['old-slug', 'new-slug'],
  [SPECIAL_SLUGS.fileIcons, SPECIAL_SLUGS.career, 'x'],
];

describe('pathsToInvalidate', () => {
  it('is byte-identical to the hand-written paths for the registry of today', () => {
    for (const slugs of CASES)
      expect(JSON.stringify(pathsToInvalidate(slugs, RENDERED))).toBe(
        JSON.stringify(handWritten(slugs)),
      );
  });

  it('follows the registry: a moved post page and a new feed move the paths', () => {
    expect(pathsToInvalidate(['p'], ['/news', '/news/*', '/atom.xml'])).toEqual([
      '/news*',
      '/atom.xml',
      `${contract.listPosts.path}*`,
      `${contract.getPublishedPost.path}*`,
      '/news/p',
    ]);
  });

  const built = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../web/dist-server/site-pages.json',
  );
  it.skipIf(!existsSync(built))('uses the rendered patterns the web build writes', () => {
    expect(readSitePagesFile(built).rendered).toEqual(RENDERED);
  });
});
