import { parseDocument } from 'htmlparser2';

/**
 * Render-time allowlist for a post's extra head tags (the API already refused anything else on write):
 * meta (no refresh or cookies), link with a known rel and an http(s) or site-relative href, title, and
 * JSON-LD re-serialised. Anything else is dropped silently here rather than refused.
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

/** One allowed head element as clean HTML, its "one per page" key (title, description, canonical, og:*, twitter:*), or null when refused. */
function element(node: Node): { html: string; key?: string } | null {
  const attribs = node.attribs ?? {};
  switch (node.name) {
    case 'meta': {
      const equiv = attribs['http-equiv'];
      if (equiv !== undefined && !META_HTTP_EQUIV.has(equiv.trim().toLowerCase())) return null;
      if ((node.children ?? []).length > 0) return null;
      const name = attribs.name?.toLowerCase();
      const property = attribs.property?.toLowerCase();
      const key =
        name === 'description' || name?.startsWith('twitter:')
          ? `meta:${name}`
          : property?.startsWith('og:')
            ? `meta:${property}`
            : undefined;
      return { html: `<meta${attrsOut(attribs, META_ATTRS)}>`, key };
    }
    case 'link': {
      const rels = (attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0 || rels.some((r) => !LINK_RELS.has(r))) return null;
      if (attribs.href === undefined || !isSafeHref(attribs.href)) return null;
      return {
        html: `<link${attrsOut(attribs, LINK_ATTRS)}>`,
        key: rels.includes('canonical') ? 'link:canonical' : undefined,
      };
    }
    case 'title': {
      if ((node.children ?? []).some((c) => c.type !== 'text')) return null;
      return { html: `<title>${escapeText(textOf(node).trim())}</title>`, key: 'title' };
    }
    case 'script': {
      if ((attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json') return null;
      try {
        const json = JSON.stringify(JSON.parse(textOf(node)))
          .replace(/</g, '\\u003c')
          .replace(/>/g, '\\u003e')
          .replace(/&/g, '\\u0026');
        return { html: `<script type="application/ld+json">${json}</script>` };
      } catch {
        return null;
      }
    }
    default:
      return null;
  }
}

function elements(html: string): { html: string; key?: string }[] {
  if (html.trim() === '') return [];
  const doc = parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
  });
  const out: { html: string; key?: string }[] = [];
  for (const child of doc.children as Node[]) {
    if (child.type !== 'tag' && child.type !== 'script') continue;
    const el = element(child);
    if (el) out.push(el);
  }
  return out;
}

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
