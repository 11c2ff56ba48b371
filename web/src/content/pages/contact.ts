import type { SeedPage } from './types';

/** The contact page. */
export const contactPage: SeedPage = {
  path: '/contact',
  title: 'Contact Alchem Digital – We Call You Back Within 12 Hours',
  description:
    'Contact Alchem Digital in Chennai or Chicago about websites, web apps, branding or digital marketing. Send an enquiry and we call you back within 12 hours.',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Contact',
      path: '/contact',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Contact Us',
      subtitle: 'Tell us about your project. We call back within 12 hours.',
      parallax: 0.5,
    },
    {
      type: 'contactDetails',
      id: 'contactDetails',
      formHeading: 'Send us an enquiry',
      infoHeading: 'Contact information',
      promise: 'We call you back within 12 hours',
      promiseText:
        'Send the form or give us a ring. A strategist, not a call centre, gets back to you the same day on working days.',
      mapHeading: 'Find our Chennai office',
    },
  ],
};
