import { describe, expect, it } from 'vitest';
import { titleCardPath } from '@agency/shared';
import { renderHead, structuredData, titleCardOf, xHandle } from './head';
import { SEED_SITE_SETTINGS } from '../content/site-settings';

describe('renderHead', () => {
  const meta = {
    title: 'About "us" & more',
    description: 'Who we are',
    path: '/about',
    breadcrumb: [
      { name: 'Home', path: '/' },
      { name: 'About', path: '/about' },
    ],
    faq: [{ question: 'Q</script>?', answer: 'A' }],
  };

  it('writes escaped title, canonical, social tags and JSON-LD', () => {
    const head = renderHead(meta, 'https://agency.example/', SEED_SITE_SETTINGS);
    expect(head).toContain('<title>About &quot;us&quot; &amp; more</title>');
    expect(head).toContain('<link rel="canonical" href="https://agency.example/about">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain('<meta property="og:url" content="https://agency.example/about">');
    expect(head).not.toContain('Q</script>');
    expect(head.match(/application\/ld\+json/g)).toHaveLength(2);
  });

  it('builds breadcrumb positions with absolute URLs', () => {
    const [, crumbs] = structuredData(meta, 'https://agency.example');
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ position: 1, item: 'https://agency.example/' }, { position: 2 }],
    });
  });

  it("preloads the page's largest image first and gives the share image its size", () => {
    const head = renderHead(
      {
        ...meta,
        image: '/media/images/x/card.jpg',
        imageSize: { width: 1200, height: 630 },
        preloadImage: {
          srcset: '/media/images/x/480.avif 480w, /media/images/x/960.avif 960w',
          sizes: '(max-width: 860px) calc(100vw - 40px), 820px',
          type: 'image/avif',
        },
      },
      'https://agency.example',
      SEED_SITE_SETTINGS,
    );
    expect(head.indexOf('<link rel="preload" as="image"')).toBe(0);
    expect(head).toContain(
      'imagesrcset="/media/images/x/480.avif 480w, /media/images/x/960.avif 960w" imagesizes="(max-width: 860px) calc(100vw - 40px), 820px" type="image/avif" fetchpriority="high">',
    );
    expect(head).toContain(
      '<meta property="og:image" content="https://agency.example/media/images/x/card.jpg">',
    );
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta property="og:image:height" content="630">');
    // Without an image of its own, the page shows the site's raster share card, with its size and alt.
    const plain = renderHead(meta, 'https://agency.example', SEED_SITE_SETTINGS);
    expect(plain).not.toContain('preload');
    expect(plain).toContain(
      '<meta property="og:image" content="https://agency.example/assets/img/share-card.jpg">',
    );
    expect(plain).toContain('<meta property="og:image:width" content="1200">');
    expect(plain).toMatch(/<meta property="og:image:alt" content="Alchem Digital: [^"]+">/);
    expect(plain).toMatch(/<meta name="twitter:image:alt" content="Alchem Digital: [^"]+">/);
    expect(plain).not.toContain('.svg');
  });

  it('marks 404 pages noindex, with no canonical address or og:url (/404 itself answers 404)', () => {
    const head = renderHead(
      { title: 'x', description: 'y', path: '/404', status: 404 },
      'http://l',
      SEED_SITE_SETTINGS,
    );
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('og:url');
  });

  it('names the card drawn from the share title for a published page without an image of its own', () => {
    const site = { ...SEED_SITE_SETTINGS, name: 'Alchem Digital' };
    const page = {
      title: 'SEO Company in Chennai | Alchem Digital',
      description: 'd',
      path: '/seo',
    };
    const card = titleCardOf(page, site);
    // The site's name at the title's end is left to the card's own line for it.
    expect(card).toEqual({ title: 'SEO Company in Chennai', site: 'Alchem Digital' });
    const head = renderHead(page, 'https://agency.example', site, true);
    const url = `https://agency.example${titleCardPath({ title: 'SEO Company in Chennai', site: 'Alchem Digital' })}`;
    expect(head).toContain(`<meta property="og:image" content="${url}">`);
    expect(head).toContain(`<meta name="twitter:image" content="${url}">`);
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta property="og:image:height" content="630">');
    expect(head).toContain(
      '<meta property="og:image:alt" content="SEO Company in Chennai · Alchem Digital">',
    );
    // Its share title, when it has one, is what the card shows.
    expect(titleCardOf({ ...page, shareTitle: 'Rank in Chennai' }, site)?.title).toBe(
      'Rank in Chennai',
    );
    // A page with its own image, or a head rendered per request (no card drawn): none.
    expect(titleCardOf({ ...page, image: '/media/images/x/card.jpg' }, site)).toBeUndefined();
    expect(renderHead(page, 'https://agency.example', site)).toContain(
      '/assets/img/share-card.jpg',
    );
  });

  it('says the locale and, when the settings link to the site’s X account, its handle', () => {
    const withX = {
      ...SEED_SITE_SETTINGS,
      social: [
        { name: 'LinkedIn' as const, href: 'https://www.linkedin.com/company/agency' },
        { name: 'X' as const, href: 'https://x.com/alchemdigital' },
      ],
    };
    const head = renderHead(meta, 'https://agency.example', withX);
    expect(head).toContain('<meta property="og:locale" content="en_US">');
    expect(head).toContain('<meta name="twitter:site" content="@alchemdigital">');
    expect(xHandle({ social: [{ name: 'X', href: 'https://twitter.com/old_name/' }] })).toBe(
      '@old_name',
    );
    const without = { ...SEED_SITE_SETTINGS, social: withX.social.slice(0, 1) };
    expect(renderHead(meta, 'https://agency.example', without)).not.toContain('twitter:site');
  });
});
