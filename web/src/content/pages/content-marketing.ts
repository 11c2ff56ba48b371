import type { SeedPage } from './types';

/** The Content Marketing service landing page. */
export const contentMarketingPage: SeedPage = {
  path: '/content-marketing',
  title: 'Content Marketing Agency | Blogs, Copy & Content Strategy',
  description:
    'Content marketing services: strategy, blog posts, website copy, case studies, social and e-mail content written to rank, earn trust and bring enquiries.',
  keywords: 'content marketing agency, content writing services, blog writing, copywriting',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Services',
      path: '/services',
    },
    {
      name: 'Content Marketing',
      path: '/content-marketing',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Content Marketing',
      subtitle: 'Useful words and visuals that answer your buyers’ questions before they ask them.',
      icon: 'pen',
      action: {
        label: 'Talk to us',
        scrollTo: 'digi-market-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is content marketing?',
      paragraphs: [
        'Content marketing is publishing helpful articles, guides, videos and posts that attract the people you want as customers, and keep them coming back until they are ready to buy.',
        'Good content ranks in search, gets shared and makes every other channel, from ads to e-mail, work better.',
      ],
      illustration: 'pen',
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Why content marketing pays off',
      tabs: [
        {
          title: 'Builds trust',
          icon: 'star',
          paragraphs: [
            'Answering real questions shows buyers you know your field before they ever contact you.',
          ],
        },
        {
          title: 'Improves search rankings',
          icon: 'search',
          paragraphs: [
            'Each well-planned article is a new page that can rank for the searches your customers make.',
          ],
        },
        {
          title: 'Generates leads',
          icon: 'target',
          paragraphs: [
            'Guides, checklists and newsletters turn readers into contacts you can follow up.',
          ],
        },
        {
          title: 'Lasts for years',
          icon: 'clock',
          paragraphs: [
            'Unlike an ad, a useful article keeps bringing visitors long after it is published.',
          ],
        },
        {
          title: 'Feeds every channel',
          icon: 'layers',
          paragraphs: [
            'One strong piece becomes social posts, e-mails, videos and sales material.',
          ],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our content marketing services',
      items: [
        {
          title: 'Content strategy',
          text: 'Topics, formats and a calendar built from keyword and audience research.',
          icon: 'bulb',
        },
        {
          title: 'Blog writing',
          text: 'Well-researched articles written to rank and to be read.',
          icon: 'pen',
        },
        {
          title: 'Website copywriting',
          text: 'Clear, persuasive pages that explain what you do and why it matters.',
          icon: 'device',
        },
        {
          title: 'Case studies',
          text: 'Customer stories that prove your results.',
          icon: 'star',
        },
        {
          title: 'Social media content',
          text: 'Posts, carousels and captions for each network.',
          icon: 'users',
        },
        {
          title: 'E-mail newsletters',
          text: 'Regular e-mails that keep your brand top of mind.',
          icon: 'mail',
        },
        {
          title: 'Infographics & visuals',
          text: 'Designs that make complex ideas easy to share.',
          icon: 'brush',
        },
      ],
      finalCard: {
        title: 'What services are you looking for?',
        text: 'Tell us what you need and we will put together a plan.',
        action: {
          label: 'Get in touch',
          scrollTo: 'digi-market-page-contact',
        },
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Tools we use',
      items: [
        'WordPress',
        'Google Analytics',
        'Google Search Console',
        'SEMrush',
        'Grammarly',
        'Canva',
        'Mailchimp',
        'HubSpot',
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'digi-market-page-contact',
    },
  ],
};
