import type { SeedPage } from './types';

/** The PPC service landing page. */
export const ppcServicesInChennaiPage: SeedPage = {
  path: '/ppc-services-in-chennai',
  title: 'PPC Services in Chennai | Google Ads & Search Marketing',
  description:
    'Search engine marketing and PPC services in Chennai: search, display, social, remarketing and Google Shopping campaigns managed for a lower cost per lead.',
  keywords: 'ppc services in chennai, search engine marketing, google ads agency, sem',
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
      name: 'PPC',
      path: '/ppc-services-in-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Search Engine Marketing PPC Services in Chennai',
      subtitle: 'Appear at the top of search today and pay only when someone clicks.',
      icon: 'target',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is SEM and PPC?',
      paragraphs: [
        'Search engine marketing (SEM) is promoting your website through paid placements on search engines. Pay-per-click (PPC) is the model behind it: you set a budget and pay each time someone clicks your ad.',
      ],
      illustration: 'search',
    },
    {
      type: 'text',
      id: 'text-2',
      heading: 'How does it work?',
      paragraphs: [
        'You choose the keywords and audiences you want to reach and how much a click is worth to you. Each time a matching search happens, an auction weighs your bid and the quality of your ad and landing page to decide where it shows.',
        'Better ads and pages win higher places for less money, which is where careful management pays off.',
      ],
      illustration: 'gear',
      reverse: true,
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Benefits of PPC',
      tabs: [
        {
          title: 'Reach Your Target Audience',
          icon: 'target',
          paragraphs: [
            'Show ads only to people searching for your keywords, in the places, times and devices you choose.',
          ],
        },
        {
          title: 'It is Trackable',
          icon: 'chart',
          paragraphs: [
            'See the clicks, calls, enquiries and sales each ad brings, down to the keyword.',
          ],
        },
        {
          title: 'Better Value for Money',
          icon: 'money',
          paragraphs: ['Set daily limits, pay per click and move budget to the ads that convert.'],
        },
        {
          title: 'Brand Awareness',
          icon: 'star',
          paragraphs: [
            'Even people who do not click see your name at the top of the page, again and again.',
          ],
        },
        {
          title: 'Saves Time',
          icon: 'clock',
          paragraphs: [
            'Campaigns bring visitors within days of launch, while SEO is still building.',
          ],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our PPC Services',
      items: [
        {
          title: 'Search Advertising',
          text: 'Text ads on Google and Bing for the searches that matter to your business.',
          icon: 'search',
        },
        {
          title: 'Display Advertising',
          text: 'Image and responsive ads across millions of websites and apps.',
          icon: 'layers',
        },
        {
          title: 'Social Media Advertising',
          text: 'Campaigns on Facebook, Instagram, LinkedIn, Twitter (X) and YouTube.',
          icon: 'users',
        },
        {
          title: 'Remarketing',
          text: 'Bring back visitors who left without enquiring, with ads tailored to what they viewed.',
          icon: 'refresh',
        },
        {
          title: 'Google Shopping',
          text: 'Product listings with image, price and store name right on the results page.',
          icon: 'cart',
        },
      ],
      action: {
        label: 'Contact Us',
        href: '/contact',
      },
    },
    {
      type: 'stepper',
      id: 'stepper',
      heading: 'SEO Process',
      steps: [
        {
          title: 'Understanding Your PPC Goals',
          description:
            'Leads, sales or sign-ups: we agree the target and what a customer is worth to you.',
          icon: 'target',
        },
        {
          title: 'Competitor analysis',
          description:
            'We study who bids on your keywords, what they offer and where they leave gaps.',
          icon: 'users',
        },
        {
          title: 'Keyword Research',
          description:
            'We pick buying-intent keywords, match types and negatives to avoid wasted clicks.',
          icon: 'search',
        },
        {
          title: 'Creating PPC Campaign',
          description:
            'Ad groups, ad copy, extensions, landing pages and conversion tracking are built.',
          icon: 'pen',
        },
        {
          title: 'Campaign Launch',
          description:
            'Campaigns go live with careful budgets and daily checks in the first weeks.',
          icon: 'rocket',
        },
        {
          title: 'Campaign Optimization and Management',
          description:
            'Bids, ads and audiences are tested and tuned every week to lower your cost per lead.',
          icon: 'gear',
        },
      ],
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us for PPC',
      points: [
        {
          title: 'Certified specialists',
          text: 'Campaigns run by people who manage ads every day.',
        },
        {
          title: 'No wasted spend',
          text: 'Negative keywords, schedules and locations tuned from the start.',
        },
        {
          title: 'Landing pages included',
          text: 'Our designers build pages that turn clicks into enquiries.',
        },
        {
          title: 'Clear reporting',
          text: 'Cost per lead and return on ad spend, every month.',
        },
      ],
      action: {
        label: 'Our Works',
        href: '/portfolio',
      },
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Want to reach your customers at a faster pace?',
      action: {
        label: 'Ping us now',
        scrollTo: 'ppc-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Technologies',
      items: [
        'Google Ads',
        'Microsoft Advertising',
        'Meta Ads Manager',
        'LinkedIn Campaign Manager',
        'Google Merchant Center',
        'Google Analytics',
        'Google Tag Manager',
        'Looker Studio',
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How much should I spend on PPC?',
          answer:
            'Start with a test budget large enough to get meaningful clicks in your market, then scale what converts. We recommend a figure after reviewing your keywords.',
        },
        {
          question: 'How soon will I see results?',
          answer:
            'Ads can bring visitors the day they go live; the first month is used to learn and cut waste.',
        },
        {
          question: 'Do you charge a percentage of ad spend?',
          answer:
            'We charge a clear monthly management fee agreed up front; the ad budget is paid directly to the platforms.',
        },
        {
          question: 'Who owns the ad account?',
          answer: 'You do. We set up or work inside your account so the data stays with you.',
        },
        {
          question: 'Which platforms do you manage?',
          answer:
            'Google Ads, Microsoft Advertising and the ad platforms of Facebook, Instagram, LinkedIn, Twitter (X) and YouTube.',
        },
        {
          question: 'Can you write the ads and landing pages?',
          answer:
            'Yes. Our copywriters and designers create the ads and pages, and you approve them before launch.',
        },
        {
          question: 'How do you track conversions?',
          answer:
            'We set up conversion tracking for forms, calls and purchases before launch, so every result is counted.',
        },
        {
          question: 'Should I run PPC if I already do SEO?',
          answer:
            'Often yes: PPC covers keywords you do not rank for yet and gives quick data that also guides your SEO.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'ppc-page-contact',
    },
  ],
};
