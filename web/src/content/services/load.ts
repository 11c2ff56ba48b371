import type { ServiceLandingContent } from './types';

/** Each landing page's body in its own chunk, by path: a landing page loads its own content only. */
const loaders: Record<string, () => Promise<ServiceLandingContent>> = {
  '/responsive-website-design-development': () =>
    import('./responsive-website-design-development').then((m) => m.responsiveWebsite),
  '/digital-marketing-agency-chennai': () =>
    import('./digital-marketing-agency-chennai').then((m) => m.digitalMarketing),
  '/seo-company-in-chennai': () => import('./seo-company-in-chennai').then((m) => m.seo),
  '/ppc-services-in-chennai': () => import('./ppc-services-in-chennai').then((m) => m.ppc),
  '/youtube-marketing': () => import('./youtube-marketing').then((m) => m.youtubeMarketing),
  '/content-marketing': () => import('./content-marketing').then((m) => m.contentMarketing),
  '/branding-company-in-chennai': () =>
    import('./branding-company-in-chennai').then((m) => m.branding),
  '/wordpress-development-company-chennai': () =>
    import('./wordpress-development-company-chennai').then((m) => m.wordpress),
  '/web-application-development-company-chennai': () =>
    import('./web-application-development-company-chennai').then((m) => m.webApplication),
  '/e-commerce-website-development-company-chennai': () =>
    import('./e-commerce-website-development-company-chennai').then((m) => m.ecommerce),
  '/saas-development-company-in-chennai': () =>
    import('./saas-development-company-in-chennai').then((m) => m.saas),
};

const loaded = new Map<string, ServiceLandingContent>();
const loading = new Map<string, Promise<ServiceLandingContent | undefined>>();

/** A landing path without a trailing slash ("/seo-company-in-chennai/" → "/seo-company-in-chennai"). */
export const landingPath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** Whether a path is one of the landing pages. */
export const isServiceLanding = (pathname: string): boolean =>
  Object.hasOwn(loaders, landingPath(pathname));

/** Fetch a landing page's content (once); undefined for a path that is not a landing page. */
export function loadServiceLanding(pathname: string): Promise<ServiceLandingContent | undefined> {
  const path = landingPath(pathname);
  const load = Object.hasOwn(loaders, path) ? loaders[path] : undefined;
  if (!load) return Promise.resolve(undefined);
  let promise = loading.get(path);
  if (!promise) {
    promise = load().then((content) => {
      loaded.set(path, content);
      return content;
    });
    loading.set(path, promise);
  }
  return promise;
}

/** A landing page's content if it has been fetched already. */
export const loadedServiceLanding = (pathname: string): ServiceLandingContent | undefined =>
  loaded.get(landingPath(pathname));

/** Fetch every landing page (the server renders them synchronously). */
export async function loadAllServiceLandings(): Promise<void> {
  await Promise.all(Object.keys(loaders).map(loadServiceLanding));
}
