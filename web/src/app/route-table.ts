import { matchPath } from 'react-router';
import { SPECIAL_SLUGS } from '@agency/shared';
import { serviceLandingPaths } from '../config/nav';
import type { PageKey } from './page-modules';

/**
 * The one route table: path pattern → page. Unmatched paths get the not-found page and a redirect to
 * /404. `overHero` marks pages that open with a dark hero under the header: only there does the
 * header start transparent with light links; everywhere else it is solid from the top.
 */
export const routeTable: { path: string; page: PageKey; overHero?: true }[] = [
  { path: '/', page: 'home', overHero: true },
  { path: '/about', page: 'about', overHero: true },
  { path: '/services', page: 'services', overHero: true },
  { path: '/portfolio', page: 'portfolio', overHero: true },
  { path: '/contact', page: 'contact', overHero: true },
  { path: '/privacy-policy', page: 'privacy', overHero: true },
  { path: '/thank-you-alchem', page: 'thankYou', overHero: true },
  ...serviceLandingPaths.map((path) => ({
    path,
    page: 'serviceLanding' as const,
    overHero: true as const,
  })),
  { path: '/blog', page: 'blogList' },
  { path: '/blog/:slug', page: 'post' },
  { path: `/${SPECIAL_SLUGS.career}`, page: 'post' },
  { path: '/creative-login', page: 'login' },
  { path: '/admin', page: 'adminList' },
  { path: '/admin/leads', page: 'leads' },
  { path: '/admin/taxonomy', page: 'taxonomy' },
  { path: '/add-blog', page: 'postEditor' },
  { path: '/edit-blog/:slug', page: 'postEditor' },
  { path: '/preview/:id', page: 'preview' },
];

const routeFor = (pathname: string) => routeTable.find((r) => matchPath(r.path, pathname) !== null);

/** The page a concrete path shows, or undefined (not found). */
export function pageForPath(pathname: string): PageKey | undefined {
  return routeFor(pathname)?.page;
}

/** Whether the page at a path opens with a dark hero under the header (the not-found page does). */
export function opensOverHero(pathname: string): boolean {
  const route = routeFor(pathname);
  return route ? route.overHero === true : true;
}
