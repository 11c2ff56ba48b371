/**
 * The seed: the marketing pages as data, as they were written in code before pages became editable.
 * The build writes them to dist-server/seed-pages.json with the site settings; the API seeds the
 * page table from that file (the local stack at start, a stage at deploy). Server-side only: the
 * browser reads a page's data from its HTML.
 */
import { aboutPage } from './about';
import { brandingCompanyInChennaiPage } from './branding-company-in-chennai';
import { contactPage } from './contact';
import { contentMarketingPage } from './content-marketing';
import { digitalMarketingAgencyChennaiPage } from './digital-marketing-agency-chennai';
import { eCommerceWebsiteDevelopmentCompanyChennaiPage } from './e-commerce-website-development-company-chennai';
import { homePage } from './home';
import { portfolioPage } from './portfolio';
import { ppcServicesInChennaiPage } from './ppc-services-in-chennai';
import { privacyPage } from './privacy-policy';
import { responsiveWebsiteDesignDevelopmentPage } from './responsive-website-design-development';
import { saasDevelopmentCompanyInChennaiPage } from './saas-development-company-in-chennai';
import { seoCompanyInChennaiPage } from './seo-company-in-chennai';
import { servicesPage } from './services';
import { webApplicationDevelopmentCompanyChennaiPage } from './web-application-development-company-chennai';
import { wordpressDevelopmentCompanyChennaiPage } from './wordpress-development-company-chennai';
import { youtubeMarketingPage } from './youtube-marketing';
import type { SeedPage } from './types';

export type { SeedPage } from './types';

/** Every seeded page, the home page first, then the menu's order. */
export const SEED_PAGES: readonly SeedPage[] = [
  homePage,
  aboutPage,
  servicesPage,
  portfolioPage,
  contactPage,
  privacyPage,
  responsiveWebsiteDesignDevelopmentPage,
  digitalMarketingAgencyChennaiPage,
  seoCompanyInChennaiPage,
  ppcServicesInChennaiPage,
  youtubeMarketingPage,
  contentMarketingPage,
  brandingCompanyInChennaiPage,
  wordpressDevelopmentCompanyChennaiPage,
  webApplicationDevelopmentCompanyChennaiPage,
  eCommerceWebsiteDevelopmentCompanyChennaiPage,
  saasDevelopmentCompanyInChennaiPage,
];
