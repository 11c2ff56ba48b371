import { describe, expect, it } from 'vitest';
import { excerpt, readingTime, slugify, stripTags } from './text';

describe('slugify', () => {
  it('turns whitespace runs into hyphens and lower-cases', () => {
    expect(slugify('How To  Start\ta Career')).toBe('how-to-start-a-career');
  });
  it('trims the ends', () => {
    expect(slugify('  Hello World ')).toBe('hello-world');
  });
});

describe('stripTags / excerpt', () => {
  it('drops tags and scripts and decodes entities', () => {
    expect(stripTags('<h1>Title</h1><p>A&nbsp;b &amp; c</p><script>alert(1)</script>')).toBe(
      'Title A b & c',
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
