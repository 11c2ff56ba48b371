/**
 * Text as the redirects', media library's and pages' searches compare it: NFC, lower-cased as
 * toLowerCase() does, NFC again, so `CAFÉ`, `café` and `cafe\u0301` are one. Stored search text and
 * the query go through it alike. (The posts' search also drops accents: `posts/search.ts`.)
 */
export const foldCase = (text: string): string =>
  text.normalize('NFC').toLowerCase().normalize('NFC');
