/**
 * Text written into a block's HTML string, escaped as React escapes text (so a heading written here
 * and one React renders are the same markup).
 */
export const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
