import { parseDocument } from 'htmlparser2';

/**
 * The allowlist for a post's extra `<head>` tags, one definition for the API (which refuses a post
 * whose head tags break it, naming the element) and the blog render handler (which rebuilds them
 * again before they reach a page): meta (no refresh or cookies), link with a known rel and an
 * http(s) or site-relative href, title, and JSON-LD re-serialised. Kept out of the package index so
 * browser bundles never load the HTML parser: import it from `@agency/shared/head-tags`.
 */

const META_ATTRS = ['name', 'property', 'content', 'charset', 'itemprop', 'http-equiv', 'lang'];
const META_HTTP_EQUIV = new Set([
  'content-type',
  'content-language',
  'x-ua-compatible',
  'default-style',
]);
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

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

/** One allowed element rebuilt as clean HTML, with its "once per page" key where it has one. */
export interface HeadElement {
  html: string;
  /** title, meta:description, meta:og:*, meta:twitter:*, link:canonical */
  key?: string;
}

const escapeAttr = (v: string): string =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (v: string): string =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const textOf = (node: Node): string =>
  (node.children ?? []).map((c) => (c.type === 'text' ? (c.data ?? '') : textOf(c))).join('');
const attrsOut = (attribs: Record<string, string>, allowed: readonly string[]): string =>
  allowed
    .filter((name) => attribs[name] !== undefined)
    .map((name) => ` ${name}="${escapeAttr(attribs[name] ?? '')}"`)
    .join('');

/** Characters URL parsers ignore, so `java\tscript:` cannot pass as something else. */
const URL_IGNORED = /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g;

function isSafeHref(href: string): boolean {
  const v = href.replace(URL_IGNORED, '').toLowerCase();
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  return /^https?:\/\/[^/]/.test(v);
}

/** An allowed element, or the reason it is refused. */
function element(node: Node): HeadElement | string {
  const name = node.name ?? '';
  const attribs = node.attribs ?? {};
  switch (name) {
    case 'meta': {
      const equiv = attribs['http-equiv'];
      if (equiv !== undefined && !META_HTTP_EQUIV.has(equiv.trim().toLowerCase()))
        return `meta http-equiv="${equiv}" is not allowed`;
      if ((node.children ?? []).length > 0) return 'meta cannot contain other elements';
      const metaName = attribs.name?.toLowerCase();
      const property = attribs.property?.toLowerCase();
      const key =
        metaName === 'description' || metaName?.startsWith('twitter:')
          ? `meta:${metaName}`
          : property?.startsWith('og:')
            ? `meta:${property}`
            : undefined;
      return { html: `<meta${attrsOut(attribs, META_ATTRS)}>`, key };
    }
    case 'link': {
      const rels = (attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0) return 'link needs a rel attribute';
      const bad = rels.find((r) => !LINK_RELS.has(r));
      if (bad) return `link rel="${bad}" is not allowed`;
      if (attribs.href === undefined || !isSafeHref(attribs.href))
        return 'link href must be an http(s) or site-relative address';
      if ((node.children ?? []).length > 0) return 'link cannot contain other elements';
      return {
        html: `<link${attrsOut(attribs, LINK_ATTRS)}>`,
        key: rels.includes('canonical') ? 'link:canonical' : undefined,
      };
    }
    case 'title':
      if ((node.children ?? []).some((c) => c.type !== 'text')) return 'title may hold only text';
      return { html: `<title>${escapeText(textOf(node).trim())}</title>`, key: 'title' };
    case 'script': {
      if ((attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json')
        return 'script is not allowed (only type="application/ld+json")';
      let data: unknown;
      try {
        data = JSON.parse(textOf(node));
      } catch {
        return 'the JSON-LD script is not valid JSON';
      }
      // Re-serialised with <, > and & escaped so the text can never close the element.
      const json = JSON.stringify(data)
        .replace(/</g, '\\u003c')
        .replace(/>/g, '\\u003e')
        .replace(/&/g, '\\u0026');
      return { html: `<script type="application/ld+json">${json}</script>` };
    }
    default:
      return `${name} is not allowed`;
  }
}

/** Parse head tags into the allowed elements, rebuilt, and the reasons for everything refused. */
export function headTagElements(html: string): { elements: HeadElement[]; refused: string[] } {
  const elements: HeadElement[] = [];
  const refused: string[] = [];
  if (html.trim() === '') return { elements, refused };
  const doc = parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
  });
  for (const child of doc.children as Node[]) {
    if (child.type === 'comment' || child.type === 'directive') continue;
    if (child.type === 'text') {
      if ((child.data ?? '').trim() !== '') refused.push('text outside an element is not allowed');
      continue;
    }
    if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') {
      refused.push(`${child.type} is not allowed`);
      continue;
    }
    const el = element(child);
    if (typeof el === 'string') refused.push(el);
    else elements.push(el);
  }
  return { elements, refused };
}
