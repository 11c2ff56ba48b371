import { clientLogos, portfolioProjects } from './shared-assets';
import type { SeedPage } from './types';

/** The home page. */
export const homePage: SeedPage = {
  path: '/',
  title: 'Alchem Digital – Web & Marketing Agency, Chennai & Chicago',
  description:
    'Branding, websites, web apps, SaaS and digital marketing from a web company in Chennai and Chicago. Tell us your project: we call back within 12 hours.',
  keywords:
    'web development company Chennai, digital marketing agency Chennai, SEO company, branding agency, SaaS development, Chicago web design',
  breadcrumb: [],
  blocks: [
    {
      type: 'heroCarousel',
      id: 'heroCarousel',
      slides: [
        {
          small: 'Your technology partner for',
          large: 'Bespoke Branding, Wacky Websites and Eccentric Designs',
          sub: 'A Web Development Company based in Chicago and Chennai.',
          background: '1',
        },
        {
          small: 'Social media marketing',
          large: 'SEO | SMM | SEM | PPC',
          sub: 'Best Digital Marketing Company in Chennai.',
          background: '2',
        },
        {
          small: 'Digital Marketing Agency',
          large: 'Extensive digital marketing services',
          sub: 'Best digital marketing agency in Chennai and Chicago.',
          background: '3',
        },
        {
          small: 'Digitally',
          large: 'Nomad Agency',
          sub: 'We Create Effective Design for Global Brands.',
          background: '4',
        },
      ],
      action: {
        label: 'Learn More',
        href: '/services',
        context: 'about our services',
      },
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      reveal: true,
      heading: 'What we do',
      intro: 'One team for the whole journey: strategy, design, engineering and growth.',
      items: [
        {
          title: 'Website Development',
          text: 'Fast, responsive websites on WordPress or custom stacks that turn visitors into enquiries.',
          icon: 'device',
          action: {
            label: 'Learn more',
            href: '/responsive-website-design-development',
            context: 'about Website Development',
          },
        },
        {
          title: 'Web App & SaaS Development',
          text: 'Secure, scalable web applications and SaaS products, from MVP to enterprise.',
          icon: 'code',
          action: {
            label: 'Learn more',
            href: '/web-application-development-company-chennai',
            context: 'about Web App & SaaS Development',
          },
        },
        {
          title: 'E-commerce Development',
          text: 'Online stores with smooth checkout, inventory sync and built-in SEO.',
          icon: 'cart',
          action: {
            label: 'Learn more',
            href: '/e-commerce-website-development-company-chennai',
            context: 'about E-commerce Development',
          },
        },
        {
          title: 'Digital Marketing',
          text: 'Campaigns across search, social and video that are measured against your revenue.',
          icon: 'megaphone',
          action: {
            label: 'Learn more',
            href: '/digital-marketing-agency-chennai',
            context: 'about Digital Marketing',
          },
        },
        {
          title: 'SEO & PPC',
          text: 'Organic rankings that last and paid search that pays back, reported in plain words.',
          icon: 'search',
          action: {
            label: 'Learn more',
            href: '/seo-company-in-chennai',
            context: 'about SEO & PPC',
          },
        },
        {
          title: 'Branding & Design',
          text: 'Names, logos, identities and graphics that make your business unmistakable.',
          icon: 'brush',
          action: {
            label: 'Learn more',
            href: '/branding-company-in-chennai',
            context: 'about Branding & Design',
          },
        },
      ],
      action: {
        label: 'All services',
        href: '/services',
      },
    },
    {
      type: 'portfolioCarousel',
      id: 'portfolioCarousel',
      heading: 'Our recent work',
      items: portfolioProjects,
    },
    {
      type: 'clients',
      id: 'clients',
      reveal: true,
      heading: 'Brands that trust us',
      logos: clientLogos,
    },
    {
      type: 'faq',
      id: 'digital-marketing-faq',
      sectionId: 'digital-marketing-faq',
      heading: 'Digital marketing FAQs',
      items: [
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
      ],
    },
    {
      type: 'faq',
      id: 'website-development-faq',
      sectionId: 'website-development-faq',
      heading: 'Website development FAQs',
      items: [
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
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Have a project in mind?',
      text: 'Tell us about it and we will call you back within 12 hours.',
      action: {
        label: 'Request a call back',
        scrollTo: 'home-enquiry',
      },
      parallax: 0.5,
    },
    {
      type: 'testimonials',
      id: 'testimonials',
      reveal: true,
      heading: 'What our clients say',
      items: [
        {
          clientName: 'Meera Raghavan',
          clientDesc: 'CEO, Greenleaf Herbals',
          content:
            'They rebuilt our website and ran our social campaigns in one go. Enquiries from the site doubled in the first quarter, and we finally have a brand that looks as good as our products.',
        },
        {
          clientName: 'Daniel Brooks',
          clientDesc: 'Founder, Northside Health Co.',
          content:
            'Clear plans, honest timelines and no jargon. The team treated our launch like their own and kept improving the site long after go-live.',
        },
        {
          clientName: 'Priya Sundaram',
          clientDesc: 'Founder, Earthbound Organics',
          content:
            'Our organic search traffic has grown month after month since they took over SEO. Every report explains what changed and why.',
        },
        {
          clientName: 'Arjun Mehta',
          clientDesc: 'Founder, Keystone Locks',
          content:
            'The online store they built handles thousands of key and lock products without breaking a sweat. Checkout is quick and our customers noticed.',
        },
        {
          clientName: 'Dr. Kavya Iyer',
          clientDesc: 'Co-founder, DentPath Admissions Counselling',
          content:
            'Our admissions portal replaced a maze of spreadsheets. Students apply online, counsellors see everything in one place, and we grew without hiring more admin staff.',
        },
      ],
    },
    {
      type: 'blogTeaser',
      id: 'blogTeaser',
      heading: 'From our blog',
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'home-enquiry',
      heading: 'Let’s talk about your project',
    },
  ],
};
