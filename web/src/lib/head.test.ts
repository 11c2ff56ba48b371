import { describe, expect, it } from 'vitest';
import { renderHead, structuredData } from './head';

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
    const head = renderHead(meta, 'https://agency.example/');
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

  it('marks 404 pages noindex', () => {
    expect(
      renderHead({ title: 'x', description: 'y', path: '/404', status: 404 }, 'http://l'),
    ).toContain('noindex');
  });
});
