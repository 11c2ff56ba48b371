import { BLOCK_TYPES, type PageContent } from '@agency/shared';
import { textOf } from '../ui/word-diff';

const looksLikeHtml = (s: string): boolean => /<\/?[a-z][^>]*>/i.test(s);

/** Every text of a value, in order: strings as they read (rich text without its tags). */
function textsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    const text = looksLikeHtml(value) ? textOf(value) : value.trim();
    if (text) out.push(text);
  } else if (Array.isArray(value)) for (const v of value) textsOf(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== 'id' && k !== 'type') textsOf(v, out);
}

/** A page's head as one line each (title, description, breadcrumb) for a word comparison. */
export function pageHeadText(page: Pick<PageContent, 'title' | 'description' | 'breadcrumb'>) {
  return {
    title: page.title,
    description: page.description,
    breadcrumb: page.breadcrumb.map((c) => `${c.name} (${c.path})`).join(' › '),
  };
}

/**
 * A page's blocks as readable text, one paragraph a block ("Hero: SEO that works …", hidden ones
 * said so): what a word comparison of two versions of the page reads.
 */
export function pageBlocksText(
  blocks: readonly { type: keyof typeof BLOCK_TYPES; hidden?: boolean | undefined }[],
): string {
  return blocks
    .map((b) => {
      const texts: string[] = [];
      textsOf(b, texts);
      const name = BLOCK_TYPES[b.type].label;
      return `${name}${b.hidden ? ' (hidden)' : ''}: ${texts.join(' · ')}`;
    })
    .join('\n\n');
}
