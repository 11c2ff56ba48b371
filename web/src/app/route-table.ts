import { matchPath } from 'react-router';
import { SPECIAL_SLUGS } from '@agency/shared';
import { serviceLandingPaths } from '../config/nav';
import type { PageKey } from './page-modules';

/** The one route table: path pattern → page. Unmatched paths get the not-found page and a redirect to /404. */
export const routeTable: { path: string; page: PageKey }[] = [
  { path: '/', page: 'home' },
  { path: '/about', page: 'about' },
  { path: '/services', page: 'services' },
  { path: '/portfolio', page: 'portfolio' },
  { path: '/contact', page: 'contact' },
  { path: '/privacy-policy', page: 'privacy' },
  { path: '/thank-you-alchem', page: 'thankYou' },
  ...serviceLandingPaths.map((path) => ({ path, page: 'serviceLanding' as const })),
  { path: '/blog', page: 'blogList' },
  { path: '/blog/:slug', page: 'post' },
  { path: `/${SPECIAL_SLUGS.career}`, page: 'post' },
  { path: '/creative-login', page: 'login' },
  { path: '/admin', page: 'adminList' },
  { path: '/admin/leads', page: 'leads' },
  { path: '/add-blog', page: 'postEditor' },
  { path: '/edit-blog/:slug', page: 'postEditor' },
];

/** The page a concrete path shows, or undefined (not found). */
export function pageForPath(pathname: string): PageKey | undefined {
  return routeTable.find((r) => matchPath(r.path, pathname) !== null)?.page;
}
