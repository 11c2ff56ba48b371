import type { ComponentType } from 'react';
import { loadServiceLanding } from '../content/services/load';
import { lazyPage } from './lazy-page';
import { pageForPath } from './route-table';

/** Every page of the route table by key; the browser loads each in its own chunk, the server imports them eagerly. */
export interface PageModules {
  home: ComponentType;
  about: ComponentType;
  services: ComponentType;
  portfolio: ComponentType;
  contact: ComponentType;
  privacy: ComponentType;
  thankYou: ComponentType;
  serviceLanding: ComponentType;
  blogList: ComponentType;
  post: ComponentType;
  login: ComponentType;
  adminList: ComponentType;
  postEditor: ComponentType;
  leads: ComponentType;
  taxonomy: ComponentType;
  preview: ComponentType;
}
export type PageKey = keyof PageModules;

/** Browser pages: one chunk each, preloaded for the first route before hydration. */
export const browserPages = {
  home: lazyPage(() => import('../features/marketing/home-page')),
  about: lazyPage(() => import('../features/marketing/about-page')),
  services: lazyPage(() => import('../features/marketing/services-page')),
  portfolio: lazyPage(() => import('../features/marketing/portfolio-page')),
  contact: lazyPage(() => import('../features/marketing/contact-page')),
  privacy: lazyPage(() => import('../features/marketing/privacy-page')),
  thankYou: lazyPage(() => import('../features/marketing/thank-you-page')),
  serviceLanding: lazyPage(
    () => import('../features/marketing/service-landing-route'),
    loadServiceLanding,
  ),
  blogList: lazyPage(() => import('../features/blog/blog-list-page')),
  post: lazyPage(() => import('../features/blog/post-page')),
  login: lazyPage(() => import('../features/admin/login-page')),
  adminList: lazyPage(() => import('../features/admin/admin-list-page')),
  postEditor: lazyPage(() => import('../features/admin/post-editor-page')),
  leads: lazyPage(() => import('../features/admin/leads-page')),
  taxonomy: lazyPage(() => import('../features/admin/taxonomy-page')),
  preview: lazyPage(() => import('../features/admin/preview-page')),
} satisfies PageModules;

/** Fetch the chunk (and content) of the page a path shows; nothing for a path no page matches. */
export function preloadPagePath(path: string): Promise<unknown> {
  const page = pageForPath(path);
  return page ? browserPages[page].preload(path) : Promise.resolve();
}
