import { branding } from './branding-company-in-chennai';
import { contentMarketing } from './content-marketing';
import { digitalMarketing } from './digital-marketing-agency-chennai';
import { ecommerce } from './e-commerce-website-development-company-chennai';
import { ppc } from './ppc-services-in-chennai';
import { responsiveWebsite } from './responsive-website-design-development';
import { saas } from './saas-development-company-in-chennai';
import { seo } from './seo-company-in-chennai';
import { landingPath } from './load';
import type { ServiceLandingContent } from './types';
import { webApplication } from './web-application-development-company-chennai';
import { wordpress } from './wordpress-development-company-chennai';
import { youtubeMarketing } from './youtube-marketing';

export type { ServiceLandingContent, ServiceSection } from './types';
export { serviceLandingHeads, serviceLandingPaths } from './heads';

const pages = [
  responsiveWebsite,
  digitalMarketing,
  seo,
  ppc,
  youtubeMarketing,
  contentMarketing,
  branding,
  wordpress,
  webApplication,
  ecommerce,
  saas,
];

/** The eleven service landing pages (spec 000 §2), keyed by their site path. */
export const serviceLandings: Record<string, ServiceLandingContent> = Object.fromEntries(
  pages.map((page) => [page.meta.path, page]),
);

/** The landing page for a path ("/seo-company-in-chennai", trailing slash tolerated), if there is one. */
export function findServiceLanding(pathname: string): ServiceLandingContent | undefined {
  const path = landingPath(pathname);
  return Object.hasOwn(serviceLandings, path) ? serviceLandings[path] : undefined;
}
