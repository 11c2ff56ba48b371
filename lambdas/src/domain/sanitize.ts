import { parseDocument } from 'htmlparser2';
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

const META_ATTRS = ['name', 'property', 'content', 'charset', 'itemprop', 'http-equiv', 'lang'];
const META_HTTP_EQUIV = ['content-type', 'content-language', 'x-ua-compatible', 'default-style'];
const LINK_ATTRS = ['rel', 'href', 'hreflang', 'type', 'sizes', 'media', 'title'];
const LINK_RELS = new Set([
  'canonical',
  'alternate',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'author',
  'license',
  'prev',
  'next',
  'amphtml',
  'preconnect',
  'dns-prefetch',
  'me',
  'help',
  'search',
  'publisher',
]);

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function attrsOut(attribs: Record<string, string>, allowed: readonly string[]): string {
  return allowed
    .filter((name) => attribs[name] !== undefined)
    .map((name) => ` ${name}="${escapeAttr(attribs[name] ?? '')}"`)
    .join('');
}

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

const textOf = (node: Node): string =>
  (node.children ?? []).map((c) => (c.type === 'text' ? (c.data ?? '') : textOf(c))).join('');

/** A site-relative path or an absolute http(s) address. */
function isSafeHref(href: string): boolean {
  const v = normalisedUrl(href);
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  return /^https?:\/\/[^/]/.test(v);
}

function headElement(node: Node): string {
  const name = node.name ?? '';
  const attribs = node.attribs ?? {};
  switch (name) {
    case 'meta': {
      const equiv = attribs['http-equiv'];
      if (equiv !== undefined && !META_HTTP_EQUIV.includes(equiv.trim().toLowerCase())) {
        throw invalid('head_tag', `meta http-equiv="${equiv}" is not allowed`);
      }
      return `<meta${attrsOut(attribs, META_ATTRS)}>`;
    }
    case 'link': {
      const rels = (attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0) throw invalid('head_tag', 'link needs a rel attribute');
      const bad = rels.find((r) => !LINK_RELS.has(r));
      if (bad) throw invalid('head_tag', `link rel="${bad}" is not allowed`);
      if (attribs.href === undefined || !isSafeHref(attribs.href))
        throw invalid('head_tag', 'link href must be an http(s) or site-relative address');
      return `<link${attrsOut(attribs, LINK_ATTRS)}>`;
    }
    case 'title':
      return `<title>${escapeText(textOf(node).trim())}</title>`;
    case 'script': {
      if ((attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json')
        throw invalid('head_tag', 'script is not allowed (only type="application/ld+json")');
      let data: unknown;
      try {
        data = JSON.parse(textOf(node));
      } catch {
        throw invalid('head_tag', 'the JSON-LD script is not valid JSON');
      }
      // Re-serialised with <, > and & escaped so the text can never close the element.
      const json = JSON.stringify(data)
        .replace(/</g, '\\u003c')
        .replace(/>/g, '\\u003e')
        .replace(/&/g, '\\u0026');
      return `<script type="application/ld+json">${json}</script>`;
    }
    default:
      throw invalid('head_tag', `${name} is not allowed`);
  }
}

/**
 * Extra `<head>` elements of a post: only meta (no refresh/set-cookie), link (http(s) or
 * site-relative), title and JSON-LD, rebuilt from the parsed elements so nothing else survives.
 * Anything else is refused with a 400 naming the element.
 */
export function sanitizeHeadTag(html: string): string {
  if (html.trim() === '') return '';
  const doc = parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
  });
  const out: string[] = [];
  for (const child of doc.children as Node[]) {
    if (child.type === 'comment' || child.type === 'directive') continue;
    if (child.type === 'text') {
      if ((child.data ?? '').trim() !== '')
        throw invalid('head_tag', 'text outside an element is not allowed');
      continue;
    }
    if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style')
      throw invalid('head_tag', `${child.type} is not allowed`);
    out.push(headElement(child));
    // Elements that cannot have children here would otherwise smuggle nested markup.
    if ((child.name === 'meta' || child.name === 'link') && (child.children ?? []).length > 0) {
      throw invalid('head_tag', `${child.name} cannot contain other elements`);
    }
    if (child.name === 'title' && (child.children ?? []).some((c) => c.type !== 'text')) {
      throw invalid('head_tag', 'title may hold only text');
    }
  }
  return out.join('\n');
}
