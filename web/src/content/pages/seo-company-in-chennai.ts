import type { SeedPage } from './types';

/** The SEO service landing page. */
export const seoCompanyInChennaiPage: SeedPage = {
  path: '/seo-company-in-chennai',
  title: 'SEO Company in Chennai | Local & Organic Search Optimization',
  description:
    'SEO company in Chennai: local SEO, keyword research, on-page and off-page optimization that move you up Google for the searches that bring customers.',
  keywords: 'seo company in chennai, local seo, seo services, search engine optimization',
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
      name: 'SEO',
      path: '/seo-company-in-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'SEO Company in Chennai',
      subtitle: 'Be the business people find first when they search for what you sell.',
      icon: 'search',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is SEO?',
      paragraphs: [
        'Search engine optimization (SEO) is the work that helps search engines understand, trust and rank your website, so it appears in the free results when people search for your products or services.',
        'It covers how your site is built, what it says and how other websites refer to it.',
      ],
      illustration: 'search',
    },
    {
      type: 'text',
      id: 'text-2',
      heading: 'What is Local SEO?',
      paragraphs: [
        'Local SEO puts you in the map pack and the "near me" results of your city. It relies on a complete business profile, consistent address details across directories, local pages and genuine reviews.',
      ],
      illustration: 'pin',
      reverse: true,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Benefits of SEO',
      items: [
        {
          title: 'Traffic that keeps coming',
          text: 'Rankings keep sending visitors without paying for every click.',
          icon: 'chart',
        },
        {
          title: 'Buyers with intent',
          text: 'People who search for your service are already looking to buy.',
          icon: 'target',
        },
        {
          title: 'Trust and credibility',
          text: 'Top organic positions signal an established, reliable business.',
          icon: 'star',
        },
        {
          title: 'A better website',
          text: 'Faster, clearer pages help every visitor, not only search engines.',
          icon: 'rocket',
        },
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: "Let's get you to the top of SERP",
      text: 'Get a free review of where you rank today and what it takes to climb.',
      action: {
        label: "Let's get started",
        scrollTo: 'seo-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text-3',
      heading: 'Importance of Organic Traffic',
      paragraphs: [
        'Most clicks on a results page go to the organic listings, not the ads. Visitors who arrive that way stay longer and convert better, because they chose you over the paid options.',
        'Organic traffic also compounds: each page that ranks keeps working for you, lowering your cost per customer over time.',
      ],
      illustration: 'chart',
    },
    {
      type: 'stepper',
      id: 'stepper',
      heading: 'SEO Process',
      steps: [
        {
          title: 'Local SEO',
          description:
            'We claim and complete your business profile, fix your address details across directories and start a review routine.',
          icon: 'pin',
        },
        {
          title: 'Keyword Research',
          description:
            'We find the searches your buyers make, how competitive they are and which pages should target them.',
          icon: 'search',
        },
        {
          title: 'On-page Optimization',
          description:
            'Titles, headings, content, internal links, speed and structured data are tuned page by page.',
          icon: 'code',
        },
        {
          title: 'Off-page Optimization',
          description:
            'We earn mentions and links from relevant, reputable sites through outreach and shareable content.',
          icon: 'link',
        },
        {
          title: 'Deliver',
          description:
            'Monthly reports show rankings, traffic and leads; we refine the plan from what the data says.',
          icon: 'chart',
          mobileTitle: 'Continuous Optimization',
        },
      ],
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us for SEO',
      points: [
        {
          title: 'White-hat only',
          text: 'No shortcuts that risk a penalty; rankings built to last.',
        },
        {
          title: 'Transparent reporting',
          text: 'Rankings, traffic and leads every month, in plain words.',
        },
        {
          title: 'Local know-how',
          text: 'We rank businesses in Chennai, Chicago and beyond.',
        },
        {
          title: 'Developers in-house',
          text: 'Technical fixes are made by our own web team, not queued for months.',
        },
      ],
      action: {
        label: 'Contact Us',
        href: '/contact',
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'TECHNOLOGIES',
      items: [
        'Google Search Console',
        'Google Analytics',
        'Google Business Profile',
        'Google Ads',
        'Bing Webmaster Tools',
        'Microsoft Advertising',
        'SEMrush',
        'Ahrefs',
        'Screaming Frog',
        'Yoast SEO',
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How long does SEO take to show results?',
          answer:
            'Most websites reach the first page for their target keywords in four to six months. Less competitive and local searches often move sooner.',
        },
        {
          question: 'Can you guarantee a number one ranking?',
          answer:
            'No honest agency can: search engines decide the order. We commit to the work, the reporting and steady growth in traffic and leads.',
        },
        {
          question: 'What is the difference between SEO and PPC?',
          answer:
            'PPC buys a place at the top while you pay per click; SEO earns free listings that keep bringing visitors. Most businesses benefit from both.',
        },
        {
          question: 'Do you do local SEO for several locations?',
          answer:
            'Yes. We create a profile and a page for each branch and manage their reviews and listings.',
        },
        {
          question: 'How much experience do you have?',
          answer:
            'Our team has more than 10+ years of experience ranking websites in competitive markets in India and the USA.',
        },
        {
          question: 'Will you change my website?',
          answer:
            'Where it helps rankings, yes: content, titles, speed and structure. We agree changes with you before making them.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'seo-page-contact',
    },
  ],
};
