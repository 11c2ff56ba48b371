import type { PageMeta } from '../lib/page-meta';
import { CALL_BACK_HOURS } from '@agency/shared';
import { site } from '../config/site';
import { NOT_FOUND_PATH, pagePath } from '../config/pages';

export const contactPage = {
  title: 'Contact Us',
  subtitle: `Tell us about your project. We call back within ${CALL_BACK_HOURS} hours.`,
  promise: `We call you back within ${CALL_BACK_HOURS} hours`,
  promiseText:
    'Send the form or give us a ring. A strategist, not a call centre, gets back to you the same day on working days.',
  formHeading: 'Send us an enquiry',
  infoHeading: 'Contact information',
  mapHeading: 'Find our Chennai office',
};

export const contactMeta: PageMeta = {
  title: `Contact ${site.name} – We Call You Back Within 12 Hours`,
  description: `Contact ${site.name} in Chennai or Chicago about websites, web apps, branding or digital marketing. Send an enquiry and we call you back within 12 hours.`,
  path: pagePath('contact'),
  breadcrumb: [
    { name: 'Home', path: pagePath('home') },
    { name: 'Contact', path: pagePath('contact') },
  ],
};

export const thankYouPage = {
  heading: 'Thank you! We have received your enquiry.',
  text: 'We will get back to you at the earliest.',
  action: { label: 'Back to Home', href: '/' },
};

export const thankYouMeta: PageMeta = {
  title: `Thank You for Your Enquiry | ${site.name}`,
  description: 'We have received your enquiry and will get back to you at the earliest.',
  path: pagePath('thankYou'),
};

export const notFoundPage = {
  heading: "uh-oh! something's missing",
  text: 'No sweat! we can navigate you to the Home page',
  action: { label: 'Back to Home', href: '/' },
};

export const notFoundMeta: PageMeta = {
  title: `Page Not Found | ${site.name}`,
  description: 'The page you were looking for does not exist. Head back to the home page.',
  path: NOT_FOUND_PATH,
  status: 404,
};
