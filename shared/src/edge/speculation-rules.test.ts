import { describe, expect, it } from 'vitest';
import { RESERVED_SOURCES } from './reserved-sources';
import { securityHeadersByPolicy } from './security-headers';
import {
  isPrerenderedPath,
  SITE_OBJECT_CONTENT_TYPES,
  SPECULATION_RULES_CONTENT_TYPE,
  SPECULATION_RULES_KEY,
  SPECULATION_RULES_PATH,
  speculationRules,
} from './speculation-rules';

describe('speculation rules', () => {
  it('are named by the public pages’ headers only, never the admin’s or the preview’s', () => {
    const headers = securityHeadersByPolicy({}, 'https://uploads.example');
    expect(headers.public['speculation-rules']).toBe(`"${SPECULATION_RULES_PATH}"`);
    expect(headers.admin['speculation-rules']).toBeUndefined();
    expect(headers.preview['speculation-rules']).toBeUndefined();
  });

  it('are a file of their own media type, at an address no redirect may take', () => {
    expect(SITE_OBJECT_CONTENT_TYPES[SPECULATION_RULES_KEY]).toBe(SPECULATION_RULES_CONTENT_TYPE);
    expect(RESERVED_SOURCES).toContainEqual({ path: SPECULATION_RULES_PATH, reason: 'file' });
  });

  it('prerender same-origin document links moderately, but for the admin, sign-in, API, media, files and marked links', () => {
    const rules = JSON.parse(JSON.stringify(speculationRules())) as {
      prerender: { source: string; eagerness: string; where: { and: Record<string, unknown>[] } }[];
    };
    expect(Object.keys(rules)).toEqual(['prerender']);
    const [rule] = rules.prerender;
    expect(rule?.source).toBe('document');
    expect(rule?.eagerness).toBe('moderate');
    const and = rule?.where.and ?? [];
    expect(and[0]).toEqual({ href_matches: '/*' });
    const excluded = and.flatMap((p) => {
      const not = p.not as { href_matches?: string } | undefined;
      return not?.href_matches ? [not.href_matches] : [];
    });
    expect(excluded).toEqual(
      expect.arrayContaining(['/admin*', '/creative-login*', '/api/*', '/*.pdf', '/*.xml']),
    );
    // Only `*` in the URL patterns, so isPrerenderedPath (the fallback's test) reads them as Chromium does.
    for (const pattern of excluded) expect(pattern).toMatch(/^\/[\w\-./*]*$/);
    expect(and.at(-1)).toEqual({
      not: { selector_matches: '[rel~="nofollow"], [target="_blank"], [download]' },
    });
  });

  it('tell a page from what is never prerendered', () => {
    for (const path of ['/', '/about', '/blog', '/blog/seo-tips', '/services/seo'])
      expect(isPrerenderedPath(path), path).toBe(true);
    for (const path of [
      '/admin',
      '/admin/leads',
      '/creative-login',
      '/api/health',
      '/media/images/x/960.webp',
      '/rss.xml',
      '/sitemap.xml',
      '/files/brochure.pdf',
      SPECULATION_RULES_PATH,
    ])
      expect(isPrerenderedPath(path), path).toBe(false);
  });
});
