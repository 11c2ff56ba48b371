import { describe, expect, it } from 'vitest';
import { SEED_PAGES } from './index';

/** Where search results cut a title or a description (Google's width, in characters). */
const TITLE_MAX = 60;
const DESCRIPTION_MAX = 160;

describe('seeded pages as search results show them', () => {
  it.each(SEED_PAGES.map((p) => [p.path, p] as const))('%s fits a search result', (_, page) => {
    expect(page.title.length, page.title).toBeLessThanOrEqual(TITLE_MAX);
    expect(page.description.length, page.description).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });
});
