/**
 * The `sizes` of every blog image: the width each layout shows it at, read from blog.css. The
 * browser picks a variant from them before any CSS is applied, so when a layout changes, its line
 * here changes with it. Rendered widths measured in Chromium at 375 px and 1280 px viewports
 * (README, Performance) are noted beside each.
 */

/** Side padding of `.blog-list-page` and `.post-page` (20 px each side). */
const PAGE_GUTTER = 40;
/** `.post`'s max-width: the article column. */
const ARTICLE_MAX = 820;

/**
 * The article column (post banner, inline images): the viewport less the page gutter, up to 820
 * px; an image narrower than the column is shown at its own width (375 → 335 px, 1280 → 820 px).
 */
export function articleSizes(imageWidth = Infinity): string {
  const shown = Math.min(imageWidth, ARTICLE_MAX);
  return `(max-width: ${shown + PAGE_GUTTER}px) calc(100vw - ${PAGE_GUTTER}px), ${shown}px`;
}

/** A list card's thumbnail: full width on a phone (one column up to 600 px), else the 260 px column (375 → 335, 1280 → 260). */
export const LIST_CARD_SIZES = `(max-width: 600px) calc(100vw - ${PAGE_GUTTER}px), 260px`;

/** The featured sidebar's thumbnails: always 96 px. */
export const SIDEBAR_SIZES = '96px';

/**
 * A related post's image: one slide per view under 450 px, else two 30 px apart in the page's
 * column (the viewport less the gutter, at most 1120 px inside the 1160 px page): 375 → 335,
 * 1280 → 545.
 */
export const RELATED_SIZES = `(max-width: 449.98px) calc(100vw - ${PAGE_GUTTER}px), (max-width: 1160px) calc(50vw - ${(PAGE_GUTTER + 30) / 2}px), 545px`;

/** The post page's banner: the article column (375 → 335 px, 1280 → 820 px). */
export const BANNER_SIZES = articleSizes();
