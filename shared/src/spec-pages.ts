/**
 * The specification's own marketing pages: the home page, the site's fixed sections and the eleven
 * landing pages (the seed, web/src/content/pages, writes exactly these; a web test pins the two
 * together). Staff edit them, but neither move nor retire them: other pages, the menus and search
 * engines lead to these addresses.
 */
export const SPEC_PAGE_PATHS = [
  '/',
  '/about',
  '/services',
  '/portfolio',
  '/contact',
  '/privacy-policy',
  '/responsive-website-design-development',
  '/digital-marketing-agency-chennai',
  '/seo-company-in-chennai',
  '/ppc-services-in-chennai',
  '/youtube-marketing',
  '/content-marketing',
  '/branding-company-in-chennai',
  '/wordpress-development-company-chennai',
  '/web-application-development-company-chennai',
  '/e-commerce-website-development-company-chennai',
  '/saas-development-company-in-chennai',
] as const;

const SPEC = new Set<string>(SPEC_PAGE_PATHS);

/** Whether `path` is one of the specification's own pages (edited, never moved or retired). */
export const isSpecPage = (path: string): boolean => SPEC.has(path);
