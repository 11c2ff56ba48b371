import type { PageMeta } from '../lib/page-meta';
import type { IconName } from '../components/sections/icons';
import { site } from '../config/site';
import { pagePath } from '../config/pages';

export interface HeroSlide {
  small: string;
  large: string;
  sub: string;
  /** Background class suffix: hero-slide--bg1 … bg4. */
  bg: 1 | 2 | 3 | 4;
}

/** The four hero slides, texts exactly as the spec gives them. */
export const heroSlides: HeroSlide[] = [
  {
    small: 'Your technology partner for',
    large: 'Bespoke Branding, Wacky Websites and Eccentric Designs',
    sub: 'A Web Development Company based in Chicago and Chennai.',
    bg: 1,
  },
  {
    small: 'Social media marketing',
    large: 'SEO | SMM | SEM | PPC',
    sub: 'Best Digital Marketing Company in Chennai.',
    bg: 2,
  },
  {
    small: 'Digital Marketing Agency',
    large: 'Extensive digital marketing services',
    sub: 'Best digital marketing agency in Chennai and Chicago.',
    bg: 3,
  },
  {
    small: 'Digitally',
    large: 'Nomad Agency',
    sub: 'We Create Effective Design for Global Brands.',
    bg: 4,
  },
];

export const heroAction = { label: 'Learn More', href: pagePath('services') };

export interface HomeService {
  title: string;
  text: string;
  icon: IconName;
  href: string;
}

export const homeServices: { heading: string; intro: string; items: HomeService[] } = {
  heading: 'What we do',
  intro: 'One team for the whole journey: strategy, design, engineering and growth.',
  items: [
    {
      title: 'Website Development',
      text: 'Fast, responsive websites on WordPress or custom stacks that turn visitors into enquiries.',
      icon: 'device',
      href: '/responsive-website-design-development',
    },
    {
      title: 'Web App & SaaS Development',
      text: 'Secure, scalable web applications and SaaS products, from MVP to enterprise.',
      icon: 'code',
      href: '/web-application-development-company-chennai',
    },
    {
      title: 'E-commerce Development',
      text: 'Online stores with smooth checkout, inventory sync and built-in SEO.',
      icon: 'cart',
      href: '/e-commerce-website-development-company-chennai',
    },
    {
      title: 'Digital Marketing',
      text: 'Campaigns across search, social and video that are measured against your revenue.',
      icon: 'megaphone',
      href: '/digital-marketing-agency-chennai',
    },
    {
      title: 'SEO & PPC',
      text: 'Organic rankings that last and paid search that pays back, reported in plain words.',
      icon: 'search',
      href: '/seo-company-in-chennai',
    },
    {
      title: 'Branding & Design',
      text: 'Names, logos, identities and graphics that make your business unmistakable.',
      icon: 'brush',
      href: '/branding-company-in-chennai',
    },
  ],
};

export const homeCta = {
  title: 'Have a project in mind?',
  text: 'Tell us about it and we will call you back within 12 hours.',
  action: { label: 'Request a call back', scrollTo: 'home-enquiry' },
};

export const homeSections = {
  portfolioHeading: 'Our recent work',
  clientsHeading: 'Brands that trust us',
  faqHeading: 'Frequently asked questions',
  testimonialsHeading: 'What our clients say',
  blogHeading: 'From our blog',
  enquiryHeading: 'Let’s talk about your project',
};

/** What the browser sets in the document head (the FAQ JSON-LD is for the prerendered HTML only). */
export const homeHead: PageMeta = {
  title: `${site.name} – Web Development & Digital Marketing Agency in Chennai and Chicago`,
  description:
    'Branding, websites, web apps, SaaS and digital marketing from a web development company based in Chennai and Chicago. Tell us about your project and we call back within 12 hours.',
  path: pagePath('home'),
  type: 'website',
  keywords:
    'web development company Chennai, digital marketing agency Chennai, SEO company, branding agency, SaaS development, Chicago web design',
};
