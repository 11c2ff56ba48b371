/**
 * The light side of the landing pages: paths and head metadata only (no FAQ, no sections). The
 * browser never imports it: it loads one page's module at a time (`load.ts`).
 */
import { brandingHead } from './branding-company-in-chennai';
import { contentMarketingHead } from './content-marketing';
import { digitalMarketingHead } from './digital-marketing-agency-chennai';
import { ecommerceHead } from './e-commerce-website-development-company-chennai';
import { ppcHead } from './ppc-services-in-chennai';
import { responsiveWebsiteHead } from './responsive-website-design-development';
import { saasHead } from './saas-development-company-in-chennai';
import { seoHead } from './seo-company-in-chennai';
import { headMeta, type ServiceLandingContent } from './types';
import { webApplicationHead } from './web-application-development-company-chennai';
import { wordpressHead } from './wordpress-development-company-chennai';
import { youtubeMarketingHead } from './youtube-marketing';

const heads = [
  responsiveWebsiteHead,
  digitalMarketingHead,
  seoHead,
  ppcHead,
  youtubeMarketingHead,
  contentMarketingHead,
  brandingHead,
  wordpressHead,
  webApplicationHead,
  ecommerceHead,
  saasHead,
];

/** The eleven landing paths (spec 000 §2), in menu order. */
export const serviceLandingPaths: readonly string[] = heads.map((head) => head.path);

/** Title, description, canonical path, keywords and breadcrumb of each landing page, keyed by path. */
export const serviceLandingHeads: Record<string, ServiceLandingContent['meta']> =
  Object.fromEntries(heads.map((head) => [head.path, headMeta(head)]));
