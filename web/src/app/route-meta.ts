import type { PageMeta } from '../lib/page-meta';
import { site } from '../config/site';
import { aboutMeta } from '../content/about';
import { homeMeta } from '../content/home-faq';
import { contactMeta, notFoundMeta, thankYouMeta } from '../content/misc-pages';
import { portfolioMeta } from '../content/portfolio';
import { privacyMeta } from '../content/privacy';
import { servicesMeta } from '../content/services-overview';
import { serviceLandings } from '../content/services';
import { pageForPath } from './route-table';

/** Every prerendered route with its metadata (server side: prerender, sitemap and render()). */
export const publicRoutes: { path: string; meta: PageMeta; sitemap: boolean }[] = [
  { path: '/', meta: homeMeta, sitemap: true },
  { path: '/about', meta: aboutMeta, sitemap: true },
  { path: '/services', meta: servicesMeta, sitemap: true },
  { path: '/portfolio', meta: portfolioMeta, sitemap: true },
  { path: '/contact', meta: contactMeta, sitemap: true },
  { path: '/privacy-policy', meta: privacyMeta, sitemap: true },
  ...Object.values(serviceLandings).map(({ meta }) => ({ path: meta.path, meta, sitemap: true })),
  { path: '/thank-you-alchem', meta: thankYouMeta, sitemap: false },
  { path: '/404', meta: notFoundMeta, sitemap: false },
];

const metaByPath = new Map(publicRoutes.map((r) => [r.path, r.meta]));
const normalise = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** Metadata of a prerendered route, or undefined. */
export function metaForPath(pathname: string): PageMeta | undefined {
  return metaByPath.get(normalise(pathname));
}

/**
 * Metadata of any path when the page declared none: the route table's entry, a generic blog/admin
 * entry for those routes, and the not-found entry (status 404) for unknown paths.
 */
export function resolveMeta(pathname: string): PageMeta {
  const known = metaForPath(pathname);
  if (known) return known;
  if (!pageForPath(pathname) || pathname === '/404') return notFoundMeta;
  const blog = pathname.startsWith('/blog') || pageForPath(pathname) === 'post';
  return {
    title: blog ? `Blog | ${site.name}` : `Admin | ${site.name}`,
    description: blog
      ? `Articles on web development, SEO and digital marketing from the ${site.name} team.`
      : site.description,
    path: normalise(pathname),
  };
}
