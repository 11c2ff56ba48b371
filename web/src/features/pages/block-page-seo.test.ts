import { describe, expect, it } from 'vitest';
import { pageContent } from '@agency/shared';
import { SEED_PAGES } from '../../content/pages';
import { SEED_SITE_SETTINGS } from '../../content/site-settings';
import { renderHead } from '../../lib/head';
import { blockPageMeta } from './block-page';

const about = SEED_PAGES.find((p) => p.path === '/about');
if (!about) throw new Error('no /about in the seed');
const SITE = 'https://agency.example';
const headOf = (fields: Record<string, unknown>): string => {
  const page = pageContent.parse({ ...about, ...fields });
  return renderHead(blockPageMeta(page, '/about'), SITE, SEED_SITE_SETTINGS);
};

describe('a block page’s search and share fields', () => {
  it('left empty, the page’s title, description and own address serve everywhere', () => {
    const head = headOf({ shareTitle: '', shareDescription: ' ', canonical: '', noindex: false });
    const title = about.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(head).toContain(`<meta property="og:title" content="${title}">`);
    expect(head).toContain(`<meta name="twitter:title" content="${title}">`);
    expect(head).toContain(`<link rel="canonical" href="${SITE}/about">`);
    expect(head).not.toContain('noindex');
  });

  it('a share title and description go to the link previews only, not the search result', () => {
    const head = headOf({
      shareTitle: 'Meet the "team"',
      shareDescription: 'Ten years & counting',
    });
    expect(head).toContain('<meta property="og:title" content="Meet the &quot;team&quot;">');
    expect(head).toContain('<meta name="twitter:title" content="Meet the &quot;team&quot;">');
    expect(head).toContain('<meta property="og:description" content="Ten years &amp; counting">');
    expect(head).toContain('<meta name="twitter:description" content="Ten years &amp; counting">');
    expect(head).toContain(`<title>${about.title.replace(/&/g, '&amp;')}</title>`);
    expect(head).not.toContain('<meta name="description" content="Ten years');
  });

  it('a preferred address is the canonical and og:url; noindex says so', () => {
    const head = headOf({ canonical: '/services', noindex: true });
    expect(head).toContain(`<link rel="canonical" href="${SITE}/services">`);
    expect(head).toContain(`<meta property="og:url" content="${SITE}/services">`);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(headOf({ canonical: 'https://other.example/x' })).toContain(
      '<link rel="canonical" href="https://other.example/x">',
    );
  });

  it('refuses a preferred address that is neither a site path nor https, naming the field', () => {
    const bad = pageContent.safeParse({ ...about, canonical: 'javascript:alert(1)' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['canonical']);
    const notBool = pageContent.safeParse({ ...about, noindex: 'yes' });
    expect(notBool.error?.issues[0]).toMatchObject({
      path: ['noindex'],
      message: 'must be true or false',
    });
  });
});
