import { describe, expect, it } from 'vitest';
import { pageContent, pagePathSchema, siteSettings } from '@agency/shared';
import { blockPageLinks } from '../../config/pages';
import { SEED_SITE_SETTINGS } from '../site-settings';
import { SEED_PAGES } from '.';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the seed', () => {
  it.each(SEED_PAGES.map((p) => [p.path, p] as const))('%s is a valid page', (_, page) => {
    expect(issues(pagePathSchema.safeParse(page.path))).toEqual([]);
    const parsed = pageContent.safeParse(page);
    expect(issues(parsed)).toEqual([]);
    // The stored copy is the seed as written: nothing is dropped or rewritten by the schema.
    expect({ path: page.path, ...parsed.data }).toEqual(page);
  });

  it('has valid site settings', () => {
    expect(issues(siteSettings.safeParse(SEED_SITE_SETTINGS))).toEqual([]);
  });

  it('has each page once, block ids unique within a page, and every page the code links to', () => {
    const paths = SEED_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of SEED_PAGES) {
      const ids = page.blocks.map((b) => b.id);
      expect(new Set(ids).size, page.path).toBe(ids.length);
    }
    expect(paths).toEqual(expect.arrayContaining(Object.values(blockPageLinks)));
    // The services menu links only to seeded pages (or to parts of the overview).
    for (const group of SEED_SITE_SETTINGS.serviceGroups)
      for (const link of group.links) expect(paths, link.href).toContain(link.href.split('#')[0]);
  });
});
