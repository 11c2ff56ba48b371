import { cardPath, excerpt, SOCIAL_CARD, VARIANT_MIME, type Post } from '@agency/shared';
import { absoluteUrl } from '../lib/head';
import { mediaSrc, postPath } from '../features/blog/paths';
import { pagePath, renderedFiles } from '../config/pages';

const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text safe inside XML element content and attribute values. */
export const xmlEscape = (s: string): string =>
  s
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Text safe inside HTML (a feed's HTML description, before it is XML-escaped in turn). */
const htmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RFC 822 date of RSS (`Wed, 12 Mar 2025 12:00:00 GMT`). */
export const rfc822 = (iso: string): string => new Date(iso).toUTCString();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** A sitemap of the given site paths. */
export function sitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const urls = entries.map((e) => {
    // A date alone (the prerender's build day) stays a date; a moment is written in UTC.
    const lastmod =
      e.lastmod && !Number.isNaN(Date.parse(e.lastmod))
        ? `<lastmod>${DATE_ONLY.test(e.lastmod) ? e.lastmod : new Date(e.lastmod).toISOString()}</lastmod>`
        : '';
    return `  <url><loc>${xmlEscape(absoluteUrl(e.path, siteUrl))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Sitemap entries of posts: their path and last change. */
export const postEntries = (posts: readonly Post[]): SitemapEntry[] =>
  posts.map((p) => ({ path: postPath(p.slug), lastmod: p.updated_at || p.created_at }));

export interface FeedInfo {
  title: string;
  description: string;
}

/** The image a feed item shows: the banner's 1200 × 630 JPEG card, or a banner stored before variants as uploaded. */
function feedImage(post: Post, siteUrl: string): { url: string; card: boolean } | null {
  if (post.banner) return { url: absoluteUrl(cardPath(post.banner), siteUrl), card: true };
  if (post.banner_image)
    return { url: absoluteUrl(mediaSrc(post.banner_image), siteUrl), card: false };
  return null;
}

/**
 * RSS 2.0 of the given posts (newest first), with an atom:link to itself. An item's banner is
 * carried twice, for the two kinds of reader: as Media RSS `media:content` (the thumbnail of
 * Feedly, Inoreader and the like; `enclosure` would need the file's byte length, which the post
 * does not know) and as an `<img>` heading the description (readers that show the item's HTML).
 */
export function rssXml(posts: readonly Post[], siteUrl: string, info: FeedInfo): string {
  const items = posts.map((p) => {
    const link = xmlEscape(absoluteUrl(postPath(p.slug), siteUrl));
    const image = feedImage(p, siteUrl);
    const size = image?.card ? ` width="${SOCIAL_CARD.width}" height="${SOCIAL_CARD.height}"` : '';
    const text = excerpt(p.content, 300);
    // The description is HTML when it shows the image, so its text is HTML-escaped first.
    const description = image
      ? `<p><img src="${htmlEscape(image.url)}" alt=""${size}></p><p>${htmlEscape(text)}</p>`
      : text;
    return [
      '    <item>',
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(p.created_at)}</pubDate>`,
      `      <description>${xmlEscape(description)}</description>`,
      p.category ? `      <category>${xmlEscape(p.category.category)}</category>` : '',
      image
        ? `      <media:content url="${xmlEscape(image.url)}" medium="image"${image.card ? ` type="${VARIANT_MIME.jpg}"` : ''}${size}/>`
        : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${xmlEscape(info.title)}</title>`,
    `    <link>${xmlEscape(absoluteUrl(pagePath('blogList'), siteUrl))}</link>`,
    `    <description>${xmlEscape(info.description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${xmlEscape(absoluteUrl(renderedFiles.rss, siteUrl))}" rel="self" type="application/rss+xml"/>`,
    newest
      ? `    <lastBuildDate>${rfc822(newest.updated_at || newest.created_at)}</lastBuildDate>`
      : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
