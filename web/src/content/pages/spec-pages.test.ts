import { describe, expect, it } from 'vitest';
import { SPEC_PAGE_PATHS } from '@agency/shared';
import { SEED_PAGES } from '.';

describe("the specification's own pages", () => {
  it('are exactly the pages the seed writes (the ones staff may edit but not move or retire)', () => {
    expect([...SEED_PAGES.map((p) => p.path)].sort()).toEqual([...SPEC_PAGE_PATHS].sort());
  });
});
