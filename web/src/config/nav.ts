/** The header's links and the services mega-menu (spec 000 §2 Header). */

import { pagePath } from './pages';
import type { NavLink } from './service-menu';

export type { NavLink, ServiceGroup } from './service-menu';
export { serviceGroups, serviceLandingPaths } from './service-menu';

export const mainNav = {
  before: [
    { label: 'Home', href: pagePath('home') },
    { label: 'About Us', href: pagePath('about') },
  ],
  after: [
    { label: 'Portfolio', href: pagePath('portfolio') },
    { label: 'Blog', href: pagePath('blogList') },
    { label: 'Contact', href: pagePath('contact') },
  ],
} as const satisfies { before: readonly NavLink[]; after: readonly NavLink[] };

/** Footer quick links. */
export const quickLinks: readonly NavLink[] = [
  { label: 'About Us', href: pagePath('about') },
  { label: 'Services', href: pagePath('services') },
  { label: 'Portfolio', href: pagePath('portfolio') },
  { label: 'Blog', href: pagePath('blogList') },
  { label: 'Contact', href: pagePath('contact') },
  { label: 'Privacy Policy', href: pagePath('privacy') },
];
