import { describe, expect, it } from 'vitest';
import { mergeHead, sanitizeHeadTag } from './head-tag';

describe('post head tags at render time', () => {
  it('keeps meta, link, title and JSON-LD, and drops everything else', () => {
    const out = sanitizeHeadTag(
      [
        '<meta name="keywords" content="seo, tips">',
        '<meta http-equiv="refresh" content="0;url=https://evil.test">',
        '<link rel="alternate" href="https://example.com/feed">',
        '<link rel="stylesheet" href="https://evil.test/x.css">',
        '<link rel="canonical" href="javascript:alert(1)">',
        '<script>alert(1)</script>',
        '<script type="application/ld+json">{"@type":"Thing","name":"</script><script>alert(1)</script>"}</script>',
        '<style>body{}</style><img src=x onerror=alert(1)>',
      ].join(''),
    );
    expect(out).toContain('<meta name="keywords" content="seo, tips">');
    expect(out).toContain('<link rel="alternate" href="https://example.com/feed">');
    expect(out).not.toMatch(/refresh|stylesheet|javascript:|alert\(1\)<\/script>|<img|<style/);
    expect(out).not.toMatch(/<script>/);
  });

  it('re-serialises JSON-LD so its text cannot close the script element', () => {
    const out = sanitizeHeadTag(
      '<script type="application/ld+json">{"name":"<b>x</b> & y"}</script>',
    );
    expect(out).toBe(
      '<script type="application/ld+json">{"name":"\\u003cb\\u003ex\\u003c/b\\u003e \\u0026 y"}</script>',
    );
  });

  it("lets the post's own title, description and canonical replace the generated ones", () => {
    const generated = [
      '<title>Ours</title>',
      '<meta name="description" content="ours">',
      '<link rel="canonical" href="https://site.test/blog/a">',
      '<meta property="og:title" content="Ours">',
    ].join('\n    ');
    const merged = mergeHead(
      generated,
      '<title>Theirs</title><meta name="description" content="theirs"><meta name="author" content="Ann">',
    );
    expect(merged.match(/<title>/g)).toHaveLength(1);
    expect(merged).toContain('<title>Theirs</title>');
    expect(merged).toContain('content="theirs"');
    expect(merged).not.toContain('content="ours"');
    expect(merged).toContain('rel="canonical"');
    expect(merged).toContain('<meta property="og:title" content="Ours">');
    expect(merged).toContain('<meta name="author" content="Ann">');
  });
});
