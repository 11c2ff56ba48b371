/**
 * Share cards drawn from a page's title: a page with no share image of its own gets a 1200 × 630
 * JPEG of its share title and the site's name, drawn by the image function when the page is
 * published (Facebook, X and LinkedIn show no SVG). Its address follows from what it shows, so a
 * changed title is a new file and a card, once written, never changes (cached as any media file).
 * No zod here: the render function's HTML head computes the address.
 */
import { mediaPath } from './media-files';

/** What a title card shows: the page's share title and the site's name. */
export interface TitleCard {
  title: string;
  site: string;
}

/** Key prefix of the drawn cards in the media bucket (served under `/media/cards/`). */
export const TITLE_CARD_PREFIX = 'cards/';

/**
 * The drawing's version: part of every card's address, raised when the drawing changes (layout,
 * colours, font) so that pages published after it show the new drawing.
 */
export const TITLE_CARD_DESIGN = 1;

/** The longest texts a card is asked for (a page's share title and the site name are shorter). */
export const TITLE_CARD_LIMITS = { title: 300, site: 200 } as const;

/** 32-bit FNV-1a over the UTF-16 code units of `text`, from `basis`, as 8 hex digits. */
function fnv1a(text: string, basis: number): string {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The card's key in the media bucket: `cards/<64 bits of FNV-1a over the design, site and title>.jpg`.
 * Not a secret nor a guard (anyone may read a card): only a stable name for what the card shows.
 */
export function titleCardKey(card: TitleCard): string {
  const text = `${TITLE_CARD_DESIGN}\n${card.site.normalize('NFC')}\n${card.title.normalize('NFC')}`;
  return `${TITLE_CARD_PREFIX}${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}.jpg`;
}

/** The card's site path (under `/media/`). */
export const titleCardPath = (card: TitleCard): string => mediaPath(titleCardKey(card));
