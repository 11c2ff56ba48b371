import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POST_LIMITS } from './constants';
import { postOperations } from './contract/posts';
import { excerpt, readingTime, slugify, stripTags } from './text';

describe('slugify', () => {
  // What the API itself checks: the slug field of createPost in the contract.
  const apiSlug = postOperations.createPost.request.body.shape.slug;
  const accepted = (slug: string): boolean => apiSlug.safeParse(slug).success;

  it('turns whitespace runs into hyphens and lower-cases', () => {
    expect(slugify('How To  Start\ta Career')).toBe('how-to-start-a-career');
  });
  it('trims the ends', () => {
    expect(slugify('  Hello World ')).toBe('hello-world');
  });
  it('drops apostrophes, brackets and punctuation, giving a slug the API accepts', () => {
    const slug = slugify("How we rebuilt a regional retailer's checkout (in 6 weeks)!");
    expect(slug).toBe('how-we-rebuilt-a-regional-retailers-checkout-in-6-weeks');
    expect(accepted(slug)).toBe(true);
  });
  it('folds accented letters and ligatures to ASCII', () => {
    expect(slugify('Ærøskøbing Straße: Café Œuvre — naïve Łódź')).toBe(
      'aeroskobing-strasse-cafe-oeuvre-naive-lodz',
    );
    expect(slugify('İstanbul ﬁles ①')).toBe('istanbul-files-1');
  });
  it('keeps letters of scripts without an ASCII spelling', () => {
    expect(slugify('Привет, мир')).toBe('привет-мир');
    expect(slugify('東京 2026')).toBe('東京-2026');
  });
  it('gives nothing for a title without letters or digits', () => {
    expect(slugify('!!! — ???')).toBe('');
  });
  it('stays within the API limit, cut at a hyphen', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(POST_LIMITS.slugMax);
    expect(slug).toMatch(/^(word-)*word$/);
  });
  it('never cuts a character in two at the limit', () => {
    const slug = slugify('𠀀'.repeat(150));
    expect(slug.length).toBe(200);
    expect(accepted(slug)).toBe(true);
  });
  it('always gives a slug the API accepts, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug === '' || accepted(slug)).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug === '' || accepted(slug)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 30_000);
  it('is idempotent: a slug is its own slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (title) => {
        const slug = slugify(title);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 300 },
    );
  });
});

describe('stripTags / excerpt', () => {
  it('drops tags and scripts and decodes entities', () => {
    expect(stripTags('<h1>Title</h1><p>A&nbsp;b &amp; c</p><script>alert(1)</script>')).toBe(
      'Title A b & c',
    );
  });
  it("reads back what the site's escaping writes, React's &#x27; among it", () => {
    expect(stripTags('<p>It&#x27;s &lt;b&gt; &quot;quoted&quot; &#39;too&#39;</p>')).toBe(
      `It's <b> "quoted" 'too'`,
    );
  });
  it('cuts at a word boundary with an ellipsis', () => {
    const text = excerpt(`<p>${'word '.repeat(100)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(51);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('<');
  });
});

describe('readingTime', () => {
  it('is at least one minute', () => {
    expect(readingTime('<p>short</p>')).toBe(1);
  });
  it('counts 200 words a minute', () => {
    expect(readingTime(`<p>${'w '.repeat(401)}</p>`)).toBe(3);
  });
});
