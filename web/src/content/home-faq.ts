/** The home page's two FAQ accordions (spec 001 §2.2), seven questions each. */
export const marketingFaq = [
  {
    question: 'What is digital marketing and does my business need it?',
    answer:
      'Digital marketing is promoting your business where your customers already spend time: search engines, social networks, video platforms and e-mail. If your customers search online before they buy, and most do, it is the most measurable way to reach them.',
  },
  {
    question: 'How long does SEO take to show results?',
    answer:
      'Most websites start ranking for their target keywords within 4 to 6 months. Competitive keywords can take longer; local searches and long-tail keywords often move sooner. We report progress every month so you always know where you stand.',
  },
  {
    question: 'Which social media platforms should my business be on?',
    answer:
      'The ones your customers use. We look at your audience, your products and your competitors before recommending a mix, usually two or three platforms done well rather than six done badly.',
  },
  {
    question: 'How much should I spend on pay-per-click advertising?',
    answer:
      'Start with a test budget that buys enough clicks to learn from, then scale what converts. We set budgets around your cost per lead, not around a fixed fee.',
  },
  {
    question: 'How do you measure the success of a campaign?',
    answer:
      'Against the goals we agree at the start: leads, sales, sign-ups or calls. We set up analytics and conversion tracking before any campaign goes live and share dashboards you can read at a glance.',
  },
  {
    question: 'Can you manage content marketing and blogging for us?',
    answer:
      'Yes. Our writers plan topics around the questions your customers ask, write and optimise the articles, and promote them on social media and e-mail.',
  },
  {
    question: 'Do you work with businesses outside Chennai and Chicago?',
    answer:
      'Yes. Our two offices serve clients across India, the USA and beyond; most projects run smoothly over video calls and shared dashboards.',
  },
];

export const developmentFaq = [
  {
    question: 'How long does it take to build a website?',
    answer:
      'A 5 to 7 page business website usually takes 7 to 10 days from approved content to launch. Larger sites, custom features and e-commerce stores take longer; we share a timeline before we start.',
  },
  {
    question: 'How long does it take to build a SaaS product?',
    answer:
      'A first version (MVP) of a SaaS product takes at least 45 days, depending on the features it needs. We plan it in short milestones so you can test with real users early.',
  },
  {
    question: 'Will my website work on phones and tablets?',
    answer:
      'Yes. Every website we build is responsive and tested on phones, tablets and desktops before launch.',
  },
  {
    question: 'Which technologies do you use?',
    answer:
      'WordPress and WooCommerce for content sites and stores; Laravel, Core PHP, Python (Django) and React for web applications and SaaS. We choose what fits your project, not what is fashionable.',
  },
  {
    question: 'Can I update the website myself after launch?',
    answer:
      'Yes. We build on an easy content management system and show your team how to edit pages, posts and products.',
  },
  {
    question: 'Do you provide hosting and maintenance?',
    answer:
      'We can host and maintain your website, apply updates and backups, and fix issues quickly. If you prefer your own hosting, we deploy there.',
  },
  {
    question: 'Is SEO included in website development?',
    answer:
      'Every site ships with technical SEO basics: fast pages, clean URLs, metadata and a sitemap. Ongoing SEO campaigns are available as a separate service.',
  },
];
