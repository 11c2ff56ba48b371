import type { PageMeta } from '../lib/page-meta';
import type { SiteSettings } from '@agency/shared';
import { NOT_FOUND_PATH, pagePath } from '../config/pages';

/** The fixed pages' copy: the thank-you page after an enquiry and the not-found page. */
export const thankYouPage = {
  heading: 'Thank you! We have received your enquiry.',
  text: 'We will get back to you at the earliest.',
  action: { label: 'Back to Home', href: '/' },
};

export const thankYouMeta = (site: Pick<SiteSettings, 'name'>): PageMeta => ({
  title: `Thank You for Your Enquiry | ${site.name}`,
  description: 'We have received your enquiry and will get back to you at the earliest.',
  path: pagePath('thankYou'),
});

export const notFoundPage = {
  heading: "uh-oh! something's missing",
  text: 'No sweat! we can navigate you to the Home page',
  action: { label: 'Back to Home', href: '/' },
};

export const notFoundMeta = (site: Pick<SiteSettings, 'name'>): PageMeta => ({
  title: `Page Not Found | ${site.name}`,
  description: 'The page you were looking for does not exist. Head back to the home page.',
  path: NOT_FOUND_PATH,
  status: 404,
});
