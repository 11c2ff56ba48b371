import { describe, expect, it } from 'vitest';
import { titleCardKey, titleCardPath } from './title-card';

describe('a title card’s address', () => {
  it('follows from what the card shows: the same title and site, the same file; any change, another', () => {
    const card = { title: 'Web apps that last', site: 'Alchem Digital' };
    expect(titleCardKey(card)).toMatch(/^cards\/[0-9a-f]{16}\.jpg$/);
    expect(titleCardKey({ ...card })).toBe(titleCardKey(card));
    expect(titleCardKey({ ...card, title: 'Web apps that last!' })).not.toBe(titleCardKey(card));
    expect(titleCardKey({ ...card, site: 'Alchem' })).not.toBe(titleCardKey(card));
    expect(titleCardPath(card)).toBe(`/media/${titleCardKey(card)}`);
  });

  it('is one for the composed and decomposed forms of a letter', () => {
    expect(titleCardKey({ title: 'Café', site: 'A' })).toBe(
      titleCardKey({ title: 'Cafe\u0301', site: 'A' }),
    );
  });
});
