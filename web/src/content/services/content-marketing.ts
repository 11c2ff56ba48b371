import { PARALLAX } from '../../lib/parallax';
import { defineLanding, type LandingHead } from './types';

// Read once here so the page body below stays a side-effect-free (tree-shakable) literal.
const { service: SERVICE_PARALLAX } = PARALLAX;
const contactAnchor = 'digi-market-page-contact';

/** What the route table and the document head need, without the page body. */
export const contentMarketingHead: LandingHead = {
  path: '/content-marketing',
  name: 'Content Marketing',
  title: 'Content Marketing Agency | Blogs, Copy & Content Strategy',
  description:
    'Content marketing services: strategy, blog posts, website copy, case studies, social and e-mail content written to rank, earn trust and bring enquiries.',
  keywords: 'content marketing agency, content writing services, blog writing, copywriting',
};

export const contentMarketing = /* @__PURE__ */ defineLanding(contentMarketingHead, {
  contactAnchor,
  sections: [
    {
      kind: 'hero',
      title: 'Content Marketing',
      subtitle: 'Useful words and visuals that answer your buyers’ questions before they ask them.',
      icon: 'pen',
      action: { label: 'Talk to us', scrollTo: contactAnchor },
      parallax: SERVICE_PARALLAX,
    },
    {
      kind: 'text',
      heading: 'What is content marketing?',
      paragraphs: [
        'Content marketing is publishing helpful articles, guides, videos and posts that attract the people you want as customers, and keep them coming back until they are ready to buy.',
        'Good content ranks in search, gets shared and makes every other channel, from ads to e-mail, work better.',
      ],
      illustration: 'pen',
    },
    {
      kind: 'benefitTabs',
      heading: 'Why content marketing pays off',
      getInTouch: true,
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
    },
    {
      kind: 'serviceGrid',
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
        { title: 'Case studies', text: 'Customer stories that prove your results.', icon: 'star' },
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
        action: { label: 'Get in touch', scrollTo: contactAnchor },
      },
    },
    {
      kind: 'techList',
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
  ],
});
