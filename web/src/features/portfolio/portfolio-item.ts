import type { BlockOf } from '@agency/shared';

/** A project of the portfolio, as a page's gallery or carousel block holds it. */
export type PortfolioItem = BlockOf<'portfolioGallery'>['items'][number];
/** A filter link of the gallery's sentence: the group of projects it shows. */
export type PortfolioFilter = BlockOf<'portfolioGallery'>['filters'][number];

/**
 * The size a project's card image is reserved at, and its lightbox image's: the layout's, whatever
 * the file (the mock-ups are vectors drawn at 600 × 420).
 */
export const THUMB_SIZE = { width: 600, height: 420 } as const;
export const LARGE_SIZE = { width: 1200, height: 840 } as const;
