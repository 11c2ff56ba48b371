import { describe, expect, it } from 'vitest';
import {
  BUTTON_LINK_KINDS,
  isSitePath,
  NAV_LINK_KINDS,
  safeHref,
  SOCIAL_LINK_KINDS,
  type LinkKind,
} from './links';
import { BLOCK_SCHEMAS } from './page-blocks';
import { siteSettings } from './site-settings';

/** Links that leave the site or run something, whatever field they are typed in. */
const BAD = [
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '/\\/evil.example',
  '/.//evil.example/x',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '///evil.example',
  '/\tevil',
  '/\n/evil.example',
  '/x\u0000y',
  '/x\u200by',
  '/ about',
  ' //evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'ftp://evil.example/x',
  'http://evil.example/x',
  'https:evil.example',
  'https:/evil.example',
  'https://',
  'https:///evil.example',
  'https://www.facebook.com@evil.example/',
  'https://user:pass@evil.example/',
  'https://evil.example\\@good.example',
  'https://evil .example',
  'evil.example',
  'about',
  '',
];

/** What each kind of field takes. */
const GOOD: [string, LinkKind][] = [
  ['/', 'site'],
  ['/about', 'site'],
  ['/services#core-service-section', 'site'],
  ['/blog?tag=seo', 'site'],
  ['/ta/சலுகை', 'site'],
  ['/caf%C3%A9', 'site'],
  ['https://www.linkedin.com/company/agency', 'https'],
  ['https://www.youtube.com/@example', 'https'],
  ['HTTPS://example.com/path?q=1#x', 'https'],
  ['mailto:hello@example.com', 'mailto'],
  ['mailto:hello@example.com?subject=Hello%20there', 'mailto'],
  ['tel:+914412345678', 'tel'],
  ['tel:+91-44-1234-5678', 'tel'],
  ['#enquiry', 'fragment'],
];

const allows = (v: string, kinds: readonly LinkKind[]) => safeHref(v, kinds) === v;

describe('links', () => {
  it.each(BAD)('refuses %j in every kind of field', (v) => {
    for (const kinds of [NAV_LINK_KINDS, BUTTON_LINK_KINDS, SOCIAL_LINK_KINDS])
      expect(allows(v, kinds), String(kinds)).toBe(false);
    expect(isSitePath(v)).toBe(false);
  });

  it.each(GOOD)('takes %j as %j, and only where that kind is meant', (v, kind) => {
    expect(allows(v, [kind])).toBe(true);
    expect(allows(v, BUTTON_LINK_KINDS)).toBe(true);
    expect(allows(v, NAV_LINK_KINDS)).toBe(NAV_LINK_KINDS.includes(kind));
    expect(allows(v, SOCIAL_LINK_KINDS)).toBe(kind === 'https');
  });

  it('resolves every site path it takes on the site itself', () => {
    for (const [v, kind] of GOOD)
      if (kind === 'site')
        expect(new URL(v, 'https://agency.example/page').host).toBe('agency.example');
  });
});

/** The 400's path of a value parsed by a schema. */
const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('the schemas check every link field', () => {
  it('a section button: the bad ones refused at action.href, the good ones taken', () => {
    const schema = BLOCK_SCHEMAS.cta;
    const cta = (href: string) => ({
      type: 'cta',
      id: 'c1',
      title: 'Talk to us',
      action: { label: 'Go', href },
      parallax: 0,
    });
    for (const v of BAD.filter(Boolean))
      expect(issuePaths(schema.safeParse(cta(v))), v).toEqual(['action.href']);
    for (const [v] of GOOD) expect(issuePaths(schema.safeParse(cta(v))), v).toEqual([]);
  });

  it('a services block link: a site path or an https: address', () => {
    const block = (href: string) => ({
      type: 'serviceBlocks',
      id: 's1',
      items: [
        {
          anchor: 'seo',
          title: 'SEO',
          quote: 'Be found',
          text: 'Words',
          image: '/assets/seo.svg',
          alt: 'SEO',
          links: [{ label: 'More', href }],
        },
      ],
    });
    for (const v of [...BAD.filter(Boolean), 'mailto:a@example.com', 'tel:+911234567'])
      expect(issuePaths(BLOCK_SCHEMAS.serviceBlocks.safeParse(block(v))), v).toEqual([
        'items.0.links.0.href',
      ]);
    for (const v of ['/seo', 'https://example.com/seo'])
      expect(issuePaths(BLOCK_SCHEMAS.serviceBlocks.safeParse(block(v))), v).toEqual([]);
  });

  it('an image: a site path or an https: address, never another site posing as a path', () => {
    const block = (image: string) => ({
      type: 'serviceBlocks',
      id: 's1',
      items: [{ anchor: 'seo', title: 'SEO', quote: 'Q', text: 'T', image, alt: 'A', links: [] }],
    });
    for (const v of ['//evil.example/x.png', '/\\evil.example/x.png', 'data:image/svg+xml,<svg>'])
      expect(issuePaths(BLOCK_SCHEMAS.serviceBlocks.safeParse(block(v))), v).toEqual([
        'items.0.image',
      ]);
  });

  it('the settings: each header, footer and social link at its own path', () => {
    const settings = {
      name: 'Agency',
      legalName: 'Agency Ltd',
      tagline: 'Tag',
      description: 'Desc',
      email: 'hello@example.com',
      chatNumber: '911234567890',
      offices: [{ city: 'C', country: 'I', lines: ['1 Road'], phone: '+91 1', lat: 1, lng: 1 }],
      social: [{ name: 'LinkedIn', href: 'https://www.linkedin.com/company/a' }],
      navBefore: [{ label: 'About', href: '/about' }],
      navAfter: [{ label: 'Contact', href: '/contact' }],
      serviceGroups: [{ title: 'G', links: [{ label: 'SEO', href: '/seo' }] }],
      quickLinks: [{ label: 'Blog', href: '/blog' }],
    };
    expect(issuePaths(siteSettings.safeParse(settings))).toEqual([]);
    const spoil = (path: string, href: string) => {
      const copy = structuredClone(settings) as Record<string, unknown>;
      const keys = path.split('.');
      let at: Record<string, unknown> = copy;
      for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
      at[keys.at(-1) ?? ''] = href;
      return copy;
    };
    for (const path of [
      'social.0.href',
      'navBefore.0.href',
      'navAfter.0.href',
      'serviceGroups.0.links.0.href',
      'quickLinks.0.href',
    ])
      for (const v of [
        '//evil.example/x',
        '/\\evil.example/x',
        'vbscript:msgbox(1)',
        'data:text/html,x',
      ])
        expect(issuePaths(siteSettings.safeParse(spoil(path, v))), `${path} ${v}`).toEqual([path]);
    // A social link is another site's page: not a path of this one.
    expect(issuePaths(siteSettings.safeParse(spoil('social.0.href', '/about')))).toEqual([
      'social.0.href',
    ]);
  });
});

describe('a page’s share image', () => {
  it('is a site path or an https: address, never another site posing as a path', async () => {
    const { pageHeadFields } = await import('./page-schema');
    for (const v of ['//evil.example/x.png', '/\\evil.example/x.png', 'data:image/png;base64,AA'])
      expect(pageHeadFields.image.safeParse(v).success, v).toBe(false);
    for (const v of ['/assets/share.png', '/media/images/a.webp', 'https://cdn.example/a.png'])
      expect(pageHeadFields.image.safeParse(v).success, v).toBe(true);
  });
});
