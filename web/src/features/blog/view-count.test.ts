import { describe, expect, it } from 'vitest';
import {
  readViewed,
  rememberCount,
  rememberedCount,
  rememberView,
  viewsOf,
  VIEW_COUNTS_KEY,
  VIEWED_POSTS_KEY,
} from './view-count';
import { scrolledPercent } from './reading-progress';
import { extensionOf } from './file-icon-demo';
import { postPath } from './paths';

describe('remembered views', () => {
  it('remembers each slug once', () => {
    expect(rememberView('a', localStorage)).toBe(true);
    expect(rememberView('b', localStorage)).toBe(true);
    expect(rememberView('a', localStorage)).toBe(false);
    expect(readViewed(localStorage)).toEqual(['a', 'b']);
  });
  it('treats a corrupt or foreign stored value as no views', () => {
    localStorage.setItem(VIEWED_POSTS_KEY, '{not json');
    expect(readViewed(localStorage)).toEqual([]);
    localStorage.setItem(VIEWED_POSTS_KEY, JSON.stringify({ a: 1 }));
    expect(rememberView('a', localStorage)).toBe(true);
    expect(readViewed(localStorage)).toEqual(['a']);
  });
});

describe('remembered counts', () => {
  it('keeps the newest count per post, for the newest 100 posts', () => {
    rememberCount('a', 3, localStorage);
    rememberCount('a', 5, localStorage);
    expect(rememberedCount('a', localStorage)).toBe(5);
    expect(rememberedCount('b', localStorage)).toBeNull();
    for (let i = 0; i < 100; i++) rememberCount(`p${i}`, i, localStorage);
    expect(rememberedCount('a', localStorage)).toBeNull();
    expect(rememberedCount('p99', localStorage)).toBe(99);
  });
  it('treats a corrupt or foreign stored value as no counts', () => {
    localStorage.setItem(VIEW_COUNTS_KEY, '{not json');
    expect(rememberedCount('a', localStorage)).toBeNull();
    localStorage.setItem(VIEW_COUNTS_KEY, JSON.stringify({ a: 'x', b: 2 }));
    expect(rememberedCount('a', localStorage)).toBeNull();
    expect(rememberedCount('b', localStorage)).toBe(2);
  });
});

describe('the count an increaseView answer carries', () => {
  it('is its whole, non-negative `data.views`, and null for anything else', () => {
    expect(viewsOf({ data: { views: 12 } })).toBe(12);
    expect(viewsOf({ data: { views: 0 } })).toBe(0);
    for (const body of [
      null,
      'x',
      {},
      { data: null },
      { data: { views: '12' } },
      { data: { views: 1.5 } },
      { data: { views: -1 } },
      { views: 3 },
    ])
      expect(viewsOf(body)).toBeNull();
  });
});

describe('post page helpers', () => {
  it('computes the percent scrolled, clamped', () => {
    expect(scrolledPercent(0, 2000, 1000)).toBe(0);
    expect(scrolledPercent(500, 2000, 1000)).toBe(50);
    expect(scrolledPercent(5000, 2000, 1000)).toBe(100);
    expect(scrolledPercent(10, 800, 1000)).toBe(0);
  });
  it('asks the icon endpoint for a clean extension or "default"', () => {
    expect(extensionOf('')).toBe('default');
    expect(extensionOf(' .PDF ')).toBe('pdf');
    expect(extensionOf('../x?y')).toBe('xy');
  });
  it('puts the career article at its unprefixed path', () => {
    expect(postPath('how-to-start-a-career-in-a-digital-marketing-agency')).toBe(
      '/how-to-start-a-career-in-a-digital-marketing-agency',
    );
    expect(postPath('a b')).toBe('/blog/a%20b');
  });
});
