import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The Digital Marketing service landing page. */
export const digitalMarketingAgencyChennaiPage: SeedPage = {
  path: '/digital-marketing-agency-chennai',
  title: 'Digital Marketing Agency in Chennai | SEO, Social & PPC',
  description:
    'A digital marketing agency in Chennai and Chicago: SEO, social media, PPC, content and e-mail campaigns measured against your leads and sales.',
  keywords: 'digital marketing agency chennai, online marketing, social media marketing, SEO, PPC',
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
      name: 'Digital Marketing',
      path: '/digital-marketing-agency-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Digital Marketing Agency in Chennai',
      subtitle:
        'Search, social, video and e-mail campaigns planned around one number: the customers they bring you.',
      icon: 'megaphone',
      action: {
        label: 'Drop in your deets',
        scrollTo: 'digi-market-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is digital marketing?',
      paragraphs: [
        'Digital marketing is every way of promoting your business online: showing up on search engines, posting and advertising on social networks, publishing helpful content, sending e-mails and running video campaigns.',
        'Unlike a hoarding or a newspaper advert, every click, call and sale can be traced back to the campaign that caused it, so your budget goes where it earns the most.',
      ],
      illustration: 'globe',
    },
    {
      type: 'text',
      id: 'text-2',
      heading: 'Why go digital?',
      paragraphs: [
        'Your customers search, compare and ask for recommendations online before they pick up the phone. If you are not there, a competitor is.',
        'Digital channels let a small business reach exactly the people it wants, in its city or across the world, and change course in days instead of months.',
      ],
      illustration: 'device',
      reverse: true,
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Benefits of digital marketing',
      tabs: [
        {
          title: 'Cost-effective',
          icon: 'money',
          paragraphs: [
            'Start with a modest budget, pay only for clicks or results, and move money to the channels that convert. A well-run campaign often costs a fraction of print or outdoor advertising for the same number of enquiries.',
          ],
        },
        {
          title: 'It is simply limitless',
          icon: 'globe',
          paragraphs: [
            'Your shop front is open all day, every day, to anyone with a phone. Reach a new neighbourhood, a new city or a new country without opening a branch.',
          ],
        },
        {
          title: 'Measure your results & Experiment',
          icon: 'chart',
          paragraphs: [
            'Every visit, lead and sale is counted. We test headlines, offers and audiences side by side and keep what works, so results improve month after month.',
          ],
        },
        {
          title: 'Brand Credibility',
          icon: 'star',
          paragraphs: [
            'A strong search presence, active social pages and genuine reviews tell buyers you are a serious, trusted business before they ever speak to you.',
          ],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our digital marketing services',
      intro:
        'Pick one channel or let us run the whole mix; either way you get one team and one report.',
      items: [
        {
          title: 'Search Engine Optimization',
          text: 'Rank for the searches your customers make, with technical fixes, content and links.',
          icon: 'search',
          action: {
            label: 'SEO services',
            href: '/seo-company-in-chennai',
          },
        },
        {
          title: 'Pay-Per-Click Advertising',
          text: 'Google and Bing ads that appear the moment someone searches for what you sell.',
          icon: 'target',
          action: {
            label: 'PPC services',
            href: '/ppc-services-in-chennai',
          },
        },
        {
          title: 'Social Media Marketing',
          text: 'Posts, stories and paid campaigns on the networks your audience uses.',
          icon: 'users',
        },
        {
          title: 'Content Marketing',
          text: 'Blogs, guides and case studies that answer buyers’ questions and earn trust.',
          icon: 'pen',
          action: {
            label: 'Content marketing',
            href: '/content-marketing',
          },
        },
        {
          title: 'YouTube Marketing',
          text: 'Channel growth and video ads that put your story in front of the right viewers.',
          icon: 'play',
          action: {
            label: 'YouTube marketing',
            href: '/youtube-marketing',
          },
        },
        {
          title: 'E-mail Marketing',
          text: 'Newsletters and automated journeys that turn one-time buyers into regulars.',
          icon: 'mail',
        },
      ],
    },
    {
      type: 'text',
      id: 'text-3',
      heading: 'How a digital marketing agency serves you',
      paragraphs: [
        'We start by learning your business, your customers and your numbers. Then we set goals you can hold us to, build a plan across the channels that fit, and launch.',
        'Every month you get a short report in plain language: what we did, what it brought in and what we will change next. You talk to the same people throughout.',
      ],
      bullets: [
        'Audit of your website, ads and social pages',
        'A channel plan with budgets and targets',
        'Campaign set-up, tracking and launch',
        'Monthly reporting and optimisation',
      ],
      illustration: 'handshake',
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us',
      intro:
        'A full-service team in Chennai and Chicago with more than 10 years of campaigns behind it.',
      points: [
        {
          title: 'Results you can see',
          text: 'Leads, calls and sales tracked from day one, not vanity metrics.',
        },
        {
          title: 'Specialists under one roof',
          text: 'SEO, ads, content, design and development work side by side.',
        },
        {
          title: 'Honest advice',
          text: 'If a channel will not pay back for you, we say so and spend elsewhere.',
        },
        {
          title: 'Quick responses',
          text: 'We call back within 12 hours and keep you updated every month.',
        },
      ],
      action: {
        label: 'Contact Us',
        href: '/contact',
      },
    },
    {
      type: 'clients',
      id: 'clients',
      heading: 'Brands that trust us',
      logos: clientLogos,
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Ready to grow your business online?',
      text: 'Tell us where you want to be in a year; we will map the way there.',
      action: {
        label: 'Drop in your deets',
        scrollTo: 'digi-market-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Tools we use',
      items: [
        'Google Analytics',
        'Google Ads',
        'Google Search Console',
        'Google Tag Manager',
        'Meta Business Suite',
        'SEMrush',
        'Ahrefs',
        'Mailchimp',
        'HubSpot',
        'Hootsuite',
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'What does a digital marketing agency do?',
          answer:
            'We plan, run and measure your online marketing: search engine optimisation, paid ads, social media, content and e-mail, so you can focus on running the business.',
        },
        {
          question: 'How much does digital marketing cost?',
          answer:
            'It depends on the channels and how competitive your market is. We propose a monthly fee and a separate ad budget after a free review, and you can start small and scale up.',
        },
        {
          question: 'How soon will I see results?',
          answer:
            'Paid ads can bring enquiries within days of launch. SEO builds more slowly: most sites reach the first page for their target keywords in 4 to 6 months.',
        },
        {
          question: 'Which channels are right for my business?',
          answer:
            'The ones your customers use when they are ready to buy. We look at your audience, products and competitors first, then recommend a focused mix.',
        },
        {
          question: 'Do you work with small businesses?',
          answer:
            'Yes. Many of our clients are founders and small teams; we size the plan to your budget and goals.',
        },
        {
          question: 'Will I own my ad accounts and data?',
          answer:
            'Always. Ad accounts, analytics and social pages are set up in your name; we work in them with your permission.',
        },
        {
          question: 'How will I know the campaigns are working?',
          answer:
            'We set up conversion tracking before launch and send a monthly report showing leads, sales, cost per lead and what we are changing next.',
        },
        {
          question: 'Do you create the content and designs?',
          answer:
            'Yes. Our writers and designers produce the posts, ads, landing pages and articles; you approve them before they go live.',
        },
        {
          question: 'Can you work with our in-house team?',
          answer:
            'Yes. We can take over one channel, train your staff or run campaigns together with your marketing team.',
        },
        {
          question: 'Is there a long-term contract?',
          answer:
            'No lock-in. We work month to month after an initial three-month period that gives campaigns time to settle.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'digi-market-page-contact',
    },
  ],
};
