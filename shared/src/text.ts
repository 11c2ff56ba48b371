import { POST_LIMITS } from './constants';

/**
 * What a post's address may hold, as the API checks it: lower-case letters (of any script), digits
 * and single hyphens between them.
 */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** Letters NFKD does not take apart, spelt as ASCII readers expect in an address. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'ng',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');
/** Apostrophes join a word ("retailer's" → "retailers"), as readers spell it in an address. */
const APOSTROPHES = /['\u2018\u2019\u02bc`]/g;
const NOT_SLUG = /[^\p{Ll}\p{Lo}\p{N}]+/gu;

const unmarked = (text: string): string => text.normalize('NFKD').replace(/\p{M}+/gu, '');

/**
 * The slug of a title, one rule for the editor and the API: letters folded to ASCII where they
 * can be ("Ærøskøbing Straße" → "aeroskobing-strasse"), letters of other scripts kept, apostrophes
 * dropped, everything else a hyphen, runs of hyphens collapsed, none at either end, and at most POST_LIMITS.slugMax
 * characters cut at a hyphen where one is near. Its output always passes SLUG_PATTERN, or is ''
 * when the title holds no letter or digit at all.
 */
export function slugify(title: string): string {
  // Marks are stripped before and after lower-casing: "İ" lower-cases to "i" plus a combining dot.
  const folded = unmarked(unmarked(title).toLowerCase()).replace(FOLDABLE, (c) => FOLDS[c] ?? c);
  const slug = folded
    .replace(APOSTROPHES, '')
    .replace(NOT_SLUG, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= POST_LIMITS.slugMax) return slug;
  // Cut by code points, never inside a surrogate pair.
  let cut = '';
  for (const ch of slug) {
    if (cut.length + ch.length > POST_LIMITS.slugMax) break;
    cut += ch;
  }
  const lastHyphen = cut.lastIndexOf('-');
  const whole =
    slug[cut.length] === '-'
      ? cut
      : cut.slice(0, lastHyphen > cut.length / 2 ? lastHyphen : cut.length);
  return whole.replace(/-+$/, '');
}

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&apos;': "'",
};

/** Text as one plain line: control characters dropped, whitespace runs (line breaks too) one space. */
export function plainLine(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(h[1-6]|p|li|div|blockquote)>/gi, ' ')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|#x27|apos);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `maxChars` characters of the text of `html`, cut at a word boundary. */
export function excerpt(html: string, maxChars = 160): string {
  const text = stripTags(html);
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export const WORDS_PER_MINUTE = 200;

/** Estimated reading time in whole minutes (at least 1). */
export function readingTime(html: string): number {
  const words = stripTags(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** A size as people read it: `820 KB`, `4.8 MB` (binary units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
