import { headTagElements } from '@agency/shared/head-tags';
import sanitizeHtml from 'sanitize-html';
import { invalid } from '../lib/errors';

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
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/;
const DIMENSION = /^\d{1,5}(%|px)?$/;

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
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
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
      if (next.src !== undefined) {
        const src = normalisedUrl(next.src);
        if (src.startsWith('data:') && !SAFE_DATA_IMAGE.test(src)) delete next.src;
      }
      for (const dim of ['width', 'height'] as const)
        if (next[dim] !== undefined && !DIMENSION.test(next[dim])) delete next[dim];
      return { tagName, attribs: next };
    },
  },
  // An <img> whose source was refused is dropped whole rather than left as a broken image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Post body HTML reduced to the editor's allowlist: no scripts, handlers, or script/data URLs. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS);
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
