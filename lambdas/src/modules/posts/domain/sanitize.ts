import { headTagElements } from '@agency/shared/head-tags';
import sanitizeHtml from 'sanitize-html';
import { invalid } from '../../../platform/errors';
import { imageSources } from '@agency/shared/html-images';

/**
 * Allowlist sanitising of what admins write. Content keeps what the Quill toolbar makes;
 * head tags keep meta, link, title and JSON-LD. Run on write here, and again on render by the web.
 */

const ALIGN_INDENT = [
  /^ql-align-(center|right|justify)$/,
  /^ql-indent-[1-8]$/,
  /^ql-direction-rtl$/,
];
const BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li', 'ol', 'ul'] as const;
const DIMENSION = /^\d{1,5}(%|px)?$/;

/** The one style declaration the editor writes (a paragraph's alignment), `!important` allowed. */
const ALIGNMENT = /^text-align\s*:\s*(left|right|center|justify)\s*(!important)?$/;

/**
 * What a `style` attribute may keep: its text alignment, rewritten as `text-align:center` (as
 * sanitize-html writes what postcss parsed). A declaration that is anything else, or written in any
 * unusual way (comments, escapes, quotes, upper case), is dropped, and with nothing kept the
 * attribute goes. Filtering here rather than with sanitize-html's `allowedStyles` keeps postcss (a
 * full CSS parser, 67 KB with its source-map code) out of every function that sanitises.
 */
export function keptStyle(style: string): string {
  return style
    .split(';')
    .flatMap((declaration) => {
      const match = ALIGNMENT.exec(declaration.trim());
      return match ? [`text-align:${match[1] ?? ''}${match[2] ? ' !important' : ''}`] : [];
    })
    .join(';');
}

/** What the browser would see as the scheme: control characters and whitespace are ignored by URL parsers. */
function normalisedUrl(value: string): string {
  return value
    .replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, '')
    .toLowerCase();
}

const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...BLOCKS,
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
    'pre',
    'code',
    'span',
    'div',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', { name: 'target', multiple: false, values: ['_blank', '_self'] }, 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: [
      { name: 'data-list', multiple: false, values: ['ordered', 'bullet', 'checked', 'unchecked'] },
      'class',
      'style',
    ],
    div: ['class', 'data-language'],
    pre: ['class', 'spellcheck'],
    ...Object.fromEntries(BLOCKS.filter((t) => t !== 'li').map((t) => [t, ['class', 'style']])),
    span: ['class', 'style'],
  },
  allowedClasses: {
    ...Object.fromEntries(BLOCKS.map((t) => [t, ALIGN_INDENT])),
    span: [...ALIGN_INDENT, 'ql-ui'],
    pre: ['ql-syntax'],
    div: ['ql-code-block-container', 'ql-code-block'],
  },
  parseStyleAttributes: false,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images are library objects (site-relative `/media/…`) or http(s) links: a `data:` image is
  // refused on write (`refuseDataImages`) and never stored, so none can reach a page.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else if (next.rel !== undefined)
        next.rel = next.rel
          .split(/\s+/)
          .filter((r) => /^(nofollow|noopener|noreferrer|ugc|sponsored)$/i.test(r))
          .join(' ');
      if (next.rel === '') delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      for (const dim of ['width', 'height'] as const)
        if (next[dim] !== undefined && !DIMENSION.test(next[dim])) delete next[dim];
      return { tagName, attribs: next };
    },
    // Every tag, after its own transform: only the alignment of a style attribute survives.
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const { style, ...rest } = attribs;
      const kept = keptStyle(style);
      return { tagName, attribs: kept ? { ...rest, style: kept } : rest };
    },
  },
  // An <img> whose source was refused is dropped whole rather than left as a broken image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Post body HTML reduced to the editor's allowlist: no scripts, handlers, or script/data URLs. */
export function sanitizeContent(html: string): string {
  return repairWordSpaces(sanitizeHtml(html, CONTENT_OPTIONS));
}

/**
 * Sanitised content with each `<img>`'s attributes passed through `rewrite` first (it returns the
 * attributes to keep, or null to drop the image): how stored images are moved into the library.
 */
export function sanitizeContentRewritingImages(
  html: string,
  rewrite: (attribs: Record<string, string>) => Record<string, string> | null,
): string {
  const img = CONTENT_OPTIONS.transformTags?.img;
  const options: sanitizeHtml.IOptions = {
    ...CONTENT_OPTIONS,
    transformTags: {
      ...CONTENT_OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const next = rewrite(attribs) ?? {};
        return typeof img === 'function' ? img(tagName, next) : { tagName, attribs: next };
      },
    },
  };
  return repairWordSpaces(sanitizeHtml(html, options));
}

/** Whether an image source is a `data:` URL, however a browser would still read it as one. */
export const isDataUrl = (src: string): boolean => normalisedUrl(src).startsWith('data:');

export const DATA_IMAGE_MESSAGE =
  "holds an image embedded as a data: URL; upload it with the editor's image button instead, which stores it in the media library";

/**
 * Refuse content holding a `data:` image (400 naming `content`) rather than silently dropping it:
 * such an image would bloat the post item and every page showing it, so it must be uploaded.
 */
export function refuseDataImages(html: string): void {
  if (imageSources(html).some(isDataUrl)) throw invalid('content', DATA_IMAGE_MESSAGE);
}

const TAG = /(<[^>]*>)/;
const PREFORMATTED = /^<(\/?)(pre|code)[\s>]/i;
/** Tags that sit inside a line of text: words on either side of them are neighbours. */
const INLINE = /^<\/?(a|b|em|i|s|span|strong|sub|sup|u)[\s>]/i;
const SPACE = /[\s\u00a0]/u;
const NBSP = '\u00a0';

/**
 * Sanitised content with each lone non-breaking space between two non-space characters (also
 * across inline tags like `<strong>`) turned into an ordinary space. Quill 2.0.3 stored every typed
 * space as U+00A0 (slab/quill#4509), so such posts never wrapped between words. Runs of spaces and
 * text inside `<pre>`/`<code>` keep theirs. Idempotent. Expects sanitised HTML, where `<` and `>`
 * in text and attribute values are escaped.
 */
export function repairWordSpaces(html: string): string {
  if (!html.includes(NBSP)) return html;
  const parts = html.split(TAG);
  // The character of the line on each side of every part ('' at a block edge or a preformatted part).
  const before: string[] = [];
  const after: string[] = [];
  let preformatted = 0;
  const keep: boolean[] = parts.map((part) => {
    const tag = PREFORMATTED.exec(part);
    if (tag) preformatted = Math.max(0, preformatted + (tag[1] ? -1 : 1));
    return part.startsWith('<') || preformatted > 0 || (tag !== null && !tag[1]);
  });
  const edge = (part: string, i: number) =>
    (part.startsWith('<') && !INLINE.test(part)) || (!part.startsWith('<') && keep[i]);
  let last = '';
  parts.forEach((part, i) => {
    before[i] = last;
    if (edge(part, i)) last = '';
    else if (!part.startsWith('<') && part !== '') last = part.slice(-1);
  });
  last = '';
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const part = parts[i] ?? '';
    after[i] = last;
    if (edge(part, i)) last = '';
    else if (!part.startsWith('<') && part !== '') last = part.charAt(0);
  }
  const solid = (ch: string | undefined) => ch !== undefined && ch !== '' && !SPACE.test(ch);
  return parts
    .map((part, i) => {
      if (keep[i] || !part.includes(NBSP)) return part;
      const chars = [...part];
      return chars
        .map((ch, j) =>
          ch === NBSP &&
          solid(j > 0 ? chars[j - 1] : before[i]) &&
          solid(j < chars.length - 1 ? chars[j + 1] : after[i])
            ? ' '
            : ch,
        )
        .join('');
    })
    .join('');
}

/**
 * Title as plain text: markup removed (a title never needs a tag, and it travels into feeds, e-mails
 * and meta tags), control characters removed, whitespace collapsed; the web escapes it as well.
 */
export function sanitizeTitle(title: string): string {
  return sanitizeHtml(title, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'noscript',
      'iframe',
      'xmp',
      'noembed',
      'noframes',
      'template',
    ],
  })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/<(?=[a-zA-Z!/?])/g, '‹')

    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Extra `<head>` elements of a post, reduced to the shared allowlist (meta without refresh or
 * cookies, link with an http(s) or site-relative href, title, JSON-LD) and rebuilt from the parsed
 * elements so nothing else survives. Anything else is refused with a 400 naming the element.
 */
export function sanitizeHeadTag(html: string): string {
  const { elements, refused } = headTagElements(html);
  if (refused[0] !== undefined) throw invalid('head_tag', refused[0]);
  return elements.map((e) => e.html).join('\n');
}
