/**
 * Text written into an HTML string (a block's HTML, the head's tags, a related card's excerpt),
 * escaped as React escapes text, so a heading written here and one React renders are the same
 * markup. Shared's `stripTags` reads every entity this writes back as text.
 */
export const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
