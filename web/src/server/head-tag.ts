import { headTagElements, type HeadElement } from '@agency/shared/head-tags';

/**
 * Render-time pass over a post's extra head tags with the API's own allowlist
 * (`@agency/shared/head-tags`): the API refused anything else on write; here whatever is not
 * allowed is dropped silently rather than refused.
 */
const elements = (html: string): HeadElement[] => headTagElements(html).elements;

/** The post's head tags reduced to the allowlist. */
export const sanitizeHeadTag = (html: string): string =>
  elements(html)
    .map((e) => e.html)
    .join('\n    ');

/**
 * The page's generated head plus the post's own head tags. Where the post sets a tag a page may
 * have only once (title, description, canonical, an og:/twitter: property), the post's one wins.
 */
export function mergeHead(generated: string, postHeadTag: string): string {
  const extra = elements(postHeadTag);
  if (extra.length === 0) return generated;
  const taken = new Set(extra.map((e) => e.key).filter((k): k is string => k !== undefined));
  const ours = generated.split('\n').filter((line) => {
    const el = elements(line)[0];
    return !(el?.key && taken.has(el.key));
  });
  return [...ours.map((l) => l.trim()).filter(Boolean), ...extra.map((e) => e.html)].join('\n    ');
}
