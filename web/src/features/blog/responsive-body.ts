import { parseInlineSrc, pictureSources, type Image } from '@agency/shared';
import { placeholderCss } from '../../components/placeholder';
import { articleSizes } from './image-sizes';

/**
 * Inline images of a post body as the page serves them. The body stores each uploaded image as
 * `<img src="/media/images/<id>/<largest width>.<jpg|png>" width height alt>`; this turns every such
 * tag into a `<picture>` with AVIF and WebP sources of all its variants, `sizes` of the article
 * column, and lazy loading. Any other `<img>` (an external one, a legacy `data:` one) is left
 * alone, and so is one already responsive, so running it twice changes nothing. An image listed in
 * `images` (the post's `inline_images`) also gets its blurred preview painted until it loads.
 *
 * It works on the HTML string, so the origin render and the browser (after DOMPurify) run the same
 * function and hydration sees the same markup. It expects sanitised HTML (the API's allowlist on
 * write, DOMPurify in the browser), where attribute values are quoted and `<` and `>` in them escaped.
 */
export function responsiveBody(html: string, images: readonly Image[] = []): string {
  if (!/<img\b/i.test(html)) return html;
  return html.replace(IMG_TAG, (tag, attrText: string) => {
    const attrs = parseAttributes(attrText);
    const src = attrs.find((a) => a.name === 'src')?.value;
    // An `<img>` with a srcset is already responsive (this function's own output, run again).
    const inline =
      src === undefined || attrs.some((a) => a.name === 'srcset') ? null : parseInlineSrc(src);
    if (!inline) return tag;
    const width = pixels(attrs.find((a) => a.name === 'width')?.value);
    // The stored src is the largest variant, so its width bounds the variants that exist; the
    // tag keeps its own width and height, so the sources' are not used.
    const p = pictureSources({
      id: inline.id,
      width: inline.width,
      height: inline.width,
      format: inline.format,
    });
    // Shown at its own width when narrower than the column (the `<img>`'s width, or its top variant).
    const sizes = articleSizes(width ?? inline.width);
    const kept = attrs
      .filter((a) => !REPLACED.has(a.name))
      .map((a) => (a.value === undefined ? a.name : `${a.name}="${a.value}"`));
    const sources = p.sources
      .map((s) => `<source type="${s.type}" srcset="${s.srcset}" sizes="${sizes}">`)
      .join('');
    const preview = images.find((i) => i.id === inline.id);
    const css =
      preview && !attrs.some((a) => a.name === 'style') ? placeholderCss(preview) : undefined;
    const img = [
      `src="${p.src}"`,
      `srcset="${p.srcset}"`,
      `sizes="${sizes}"`,
      ...kept,
      'loading="lazy"',
      'decoding="async"',
      ...(css ? [`style="${css}"`] : []),
    ].join(' ');
    return `<picture>${sources}<img ${img}></picture>`;
  });
}

const IMG_TAG = /<img\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Attributes the transform writes itself (an author's own would contradict them). */
const REPLACED = new Set(['src', 'srcset', 'sizes', 'loading', 'decoding', 'fetchpriority']);

interface Attribute {
  name: string;
  /** As written (entities left encoded), so it is written back unchanged; undefined for a bare attribute. */
  value: string | undefined;
}

function parseAttributes(text: string): Attribute[] {
  const out: Attribute[] = [];
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = (m[1] as string).toLowerCase();
    const value = m[2] ?? m[3] ?? m[4];
    // A single-quoted or bare value is rewritten double-quoted: escape the one character that matters.
    out.push({ name, value: m[2] !== undefined ? value : value?.replace(/"/g, '&quot;') });
  }
  return out;
}

/** A width or height in CSS pixels (`640` or `640px`); a percentage or anything else is unknown. */
function pixels(value: string | undefined): number | undefined {
  const m = value === undefined ? null : /^(\d{1,5})(px)?$/.exec(value.trim());
  const n = m ? Number(m[1]) : NaN;
  return n > 0 ? n : undefined;
}
