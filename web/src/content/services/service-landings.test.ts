import { describe, expect, it } from 'vitest';
import {
  findServiceLanding,
  serviceLandingHeads,
  serviceLandingPaths,
  serviceLandings,
} from './index';
import type { ServiceLandingContent, ServiceSection } from './types';

/** Spec 000 §2: the eleven service landing routes. */
const SPEC_PATHS = [
  '/responsive-website-design-development',
  '/digital-marketing-agency-chennai',
  '/seo-company-in-chennai',
  '/ppc-services-in-chennai',
  '/youtube-marketing',
  '/content-marketing',
  '/branding-company-in-chennai',
  '/wordpress-development-company-chennai',
  '/web-application-development-company-chennai',
  '/e-commerce-website-development-company-chennai',
  '/saas-development-company-in-chennai',
];

type Of<K extends ServiceSection['kind']> = Extract<ServiceSection, { kind: K }>;

function page(path: string): ServiceLandingContent {
  const content = serviceLandings[path];
  if (!content) throw new Error(`no landing page for ${path}`);
  return content;
}
function sections<K extends ServiceSection['kind']>(path: string, kind: K): Of<K>[] {
  return page(path).sections.filter((s): s is Of<K> => s.kind === kind);
}
function one<K extends ServiceSection['kind']>(path: string, kind: K): Of<K> {
  const found = sections(path, kind);
  expect(found, `${path}: one ${kind} section`).toHaveLength(1);
  const [first] = found;
  if (!first) throw new Error(`${path} has no ${kind}`);
  return first;
}
function text(path: string): string {
  return JSON.stringify(page(path).sections);
}
interface FoundAction {
  label: string;
  href?: string;
  scrollTo?: string;
}
function isAction(value: unknown): value is FoundAction {
  return (
    typeof value === 'object' &&
    value !== null &&
    'label' in value &&
    typeof value.label === 'string' &&
    ('href' in value || 'scrollTo' in value)
  );
}
/** Every button or link of a page, wherever it sits in the section tree. */
function actions(path: string): FoundAction[] {
  const found: FoundAction[] = [];
  JSON.stringify(page(path).sections, (_key, value: unknown) => {
    if (isAction(value))
      found.push({ label: value.label, href: value.href, scrollTo: value.scrollTo });
    return value;
  });
  return found;
}

/** Spec 001 §2.9–2.19 and §9: counts and exact labels per page. */
const EXPECTED: Record<
  string,
  {
    anchor?: string;
    tabs?: string[];
    tabCount?: number;
    steps?: string[];
    faq?: number;
    tech?: string[];
    techCount?: number;
    heroParallax: number;
  }
> = {
  '/digital-marketing-agency-chennai': {
    anchor: 'digi-market-page-contact',
    tabs: [
      'Cost-effective',
      'It is simply limitless',
      'Measure your results & Experiment',
      'Brand Credibility',
    ],
    faq: 10,
    techCount: 10,
    heroParallax: 0.6,
  },
  '/responsive-website-design-development': {
    tech: ['HTML', 'Bootstrap', 'Javascript', 'jQuery', 'Wordpress'],
    heroParallax: 0.6,
  },
  '/seo-company-in-chennai': {
    steps: [
      'Local SEO',
      'Keyword Research',
      'On-page Optimization',
      'Off-page Optimization',
      'Deliver',
    ],
    faq: 6,
    techCount: 10,
    heroParallax: 0.6,
  },
  '/ppc-services-in-chennai': {
    tabs: [
      'Reach Your Target Audience',
      'It is Trackable',
      'Better Value for Money',
      'Brand Awareness',
      'Saves Time',
    ],
    steps: [
      'Understanding Your PPC Goals',
      'Competitor analysis',
      'Keyword Research',
      'Creating PPC Campaign',
      'Campaign Launch',
      'Campaign Optimization and Management',
    ],
    faq: 8,
    heroParallax: 0.6,
  },
  '/youtube-marketing': {
    anchor: 'digi-market-page-contact',
    tabs: [
      'Reach a Bigger Audience',
      'Quality Traffic',
      'Target Audience',
      'Track Your Performance',
    ],
    faq: 5,
    techCount: 10,
    heroParallax: 0.6,
  },
  '/content-marketing': { anchor: 'digi-market-page-contact', tabCount: 5, heroParallax: 0.6 },
  '/branding-company-in-chennai': {
    anchor: 'branding-page-contact',
    tabCount: 4,
    steps: [
      'Branding Strategy',
      'Brand Identity',
      'Brand Assessment',
      'Brand Promotion',
      'Brand Management',
    ],
    heroParallax: 0.3,
  },
  '/wordpress-development-company-chennai': {
    anchor: 'digi-market-page-contact',
    tabCount: 6,
    steps: ['Gather requisites', 'Design', 'Develop', 'QA', 'Delivery', 'Maintenance'],
    faq: 4,
    heroParallax: 0.6,
  },
  '/web-application-development-company-chennai': {
    tabs: ['Securely Built', 'User Experience', 'Dynamic & Scalable', 'Maintenance'],
    steps: ['Gather Prerequisites', 'Design', 'Develop', 'QC', 'Delivery', 'Maintenance'],
    tech: ['Core PHP', 'Laravel', 'Wordpress', 'React Js', 'Python (Django)'],
    heroParallax: 0.6,
  },
  '/e-commerce-website-development-company-chennai': {
    tabs: [
      'Increased brand visibility',
      'Better marketing opportunities',
      'Personalized experience',
    ],
    steps: ['Gather requirements', 'Design', 'Development', 'Testing', 'Launch', 'Training'],
    tech: ['Magento', 'WordPress WooCommerce', 'Core PHP', 'Laravel', 'Python (Django)'],
    faq: 4,
    heroParallax: 0.6,
  },
  '/saas-development-company-in-chennai': {
    tabs: [
      'Securely Built',
      'User Experience',
      'Dynamic & Scalable',
      'Maintenance',
      'Technology consulting',
    ],
    steps: ['Gather Prerequisites', 'Design', 'Develop', 'QC', 'Deliver', 'Maintenance'],
    tech: ['Laravel', 'Core PHP', 'Python (Django)', 'MySQL', 'React Js'],
    faq: 5,
    heroParallax: 0.6,
  },
};

describe('service landing content', () => {
  it('has exactly the eleven landing paths of the spec, each keyed by its own meta.path', () => {
    expect(Object.keys(serviceLandings).sort()).toEqual([...SPEC_PATHS].sort());
    for (const [path, content] of Object.entries(serviceLandings))
      expect(content.meta.path).toBe(path);
  });

  it('gives every page a unique title, description and contact anchor-bearing form', () => {
    const pages = Object.values(serviceLandings);
    expect(new Set(pages.map((p) => p.meta.title)).size).toBe(11);
    expect(new Set(pages.map((p) => p.meta.description)).size).toBe(11);
    for (const p of pages) {
      expect(p.meta.title.length).toBeGreaterThan(20);
      expect(p.meta.description.length).toBeGreaterThan(80);
      expect(p.meta.description.length).toBeLessThanOrEqual(170);
      expect(p.contactAnchor).toMatch(/^[a-z][a-z-]*-contact$/);
    }
  });

  it.each(SPEC_PATHS)('%s matches the spec counts and labels', (path) => {
    const want = EXPECTED[path];
    if (!want) throw new Error(`no expectations for ${path}`);
    const content = page(path);
    if (want.anchor) expect(content.contactAnchor).toBe(want.anchor);
    if (want.tabs) expect(one(path, 'benefitTabs').tabs.map((t) => t.title)).toEqual(want.tabs);
    if (want.tabCount) expect(one(path, 'benefitTabs').tabs).toHaveLength(want.tabCount);
    if (want.steps) expect(one(path, 'stepper').steps.map((s) => s.title)).toEqual(want.steps);
    else expect(sections(path, 'stepper')).toHaveLength(0);
    if (want.faq) expect(one(path, 'faq').items).toHaveLength(want.faq);
    else expect(sections(path, 'faq')).toHaveLength(0);
    if (want.tech) expect(one(path, 'techList').items).toEqual(want.tech);
    if (want.techCount) expect(one(path, 'techList').items).toHaveLength(want.techCount);
    expect(content.sections[0]).toMatchObject({ kind: 'hero', parallax: want.heroParallax });
    expect(sections(path, 'hero')).toHaveLength(1);
  });

  it('derives FAQPage and breadcrumb metadata from the page itself', () => {
    for (const path of SPEC_PATHS) {
      const content = page(path);
      const faq = sections(path, 'faq')[0];
      expect(content.meta.faq).toEqual(faq?.items);
      expect(content.meta.breadcrumb[0]).toEqual({ name: 'Home', path: '/' });
      expect(content.meta.breadcrumb.at(-1)?.path).toBe(path);
    }
  });

  it('points every in-page button at the page contact anchor', () => {
    for (const path of SPEC_PATHS) {
      for (const action of actions(path)) {
        if (action.scrollTo !== undefined) expect(action.scrollTo).toBe(page(path).contactAnchor);
        if (action.href !== undefined)
          expect([
            '/contact',
            '/portfolio',
            '/about',
            '/seo-company-in-chennai',
            '/ppc-services-in-chennai',
            '/content-marketing',
            '/youtube-marketing',
          ]).toContain(action.href);
      }
    }
  });

  it('digital marketing: Get in touch tabs, Contact Us to /contact, "Drop in your deets" scrolling to the form', () => {
    const path = '/digital-marketing-agency-chennai';
    expect(one(path, 'benefitTabs').getInTouch).toBe(true);
    expect(actions(path)).toContainEqual({
      label: 'Contact Us',
      href: '/contact',
      scrollTo: undefined,
    });
    expect(sections(path, 'cta').map((c) => c.action)).toContainEqual({
      label: 'Drop in your deets',
      scrollTo: 'digi-market-page-contact',
    });
    expect(sections(path, 'clients')).toHaveLength(1);
    expect(sections(path, 'serviceGrid')).toHaveLength(1);
    expect(sections(path, 'whyChooseUs')).toHaveLength(1);
    expect(text(path)).toContain('12 hours');
  });

  it('responsive website: Talk to us to /contact, Key Features grid, CTA to the form, clients, Our Works to /portfolio', () => {
    const path = '/responsive-website-design-development';
    expect(actions(path)).toContainEqual({
      label: 'Talk to us',
      href: '/contact',
      scrollTo: undefined,
    });
    expect(actions(path)).toContainEqual({
      label: 'Our Works',
      href: '/portfolio',
      scrollTo: undefined,
    });
    expect(one(path, 'serviceGrid').heading).toBe('Key Features');
    expect(one(path, 'cta').action).toHaveProperty('scrollTo', page(path).contactAnchor);
    expect(sections(path, 'clients')).toHaveLength(1);
  });

  it('SEO: banner, four benefits, SERP call to action, mobile step title, Contact Us, TECHNOLOGIES, FAQ claims', () => {
    const path = '/seo-company-in-chennai';
    expect(one(path, 'hero').title).toBe('SEO Company in Chennai');
    expect(sections(path, 'text').map((s) => s.heading)).toEqual([
      'What is SEO?',
      'What is Local SEO?',
      'Importance of Organic Traffic',
    ]);
    const benefits = one(path, 'serviceGrid');
    expect(benefits.heading).toBe('Benefits of SEO');
    expect(benefits.items).toHaveLength(4);
    expect(one(path, 'cta')).toMatchObject({
      title: "Let's get you to the top of SERP",
      action: { label: "Let's get started", scrollTo: 'seo-page-contact' },
    });
    expect(one(path, 'stepper')).toMatchObject({
      heading: 'SEO Process',
      mobileTitles: { 5: 'Continuous Optimization' },
    });
    expect(one(path, 'whyChooseUs').action).toEqual({ label: 'Contact Us', href: '/contact' });
    expect(one(path, 'techList').heading).toBe('TECHNOLOGIES');
    const faq = JSON.stringify(one(path, 'faq'));
    expect(faq).toContain('four to six months');
    expect(faq).toContain('10+ years');
  });

  it('PPC: banner, five services with Contact Us, stepper headed "SEO Process", Our Works, faster-pace CTA', () => {
    const path = '/ppc-services-in-chennai';
    expect(one(path, 'hero').title).toBe('Search Engine Marketing PPC Services in Chennai');
    expect(sections(path, 'text').map((s) => s.heading)).toContain('What is SEM and PPC?');
    expect(one(path, 'benefitTabs').getInTouch).toBe(true);
    const services = one(path, 'serviceGrid');
    expect(services.heading).toBe('Our PPC Services');
    expect(services.items).toHaveLength(5);
    expect(services.action).toEqual({ label: 'Contact Us', href: '/contact' });
    expect(services.items.find((i) => i.title === 'Social Media Advertising')?.text).toMatch(
      /Facebook, Instagram, LinkedIn, Twitter \(X\) and YouTube/,
    );
    expect(one(path, 'stepper').heading).toBe('SEO Process');
    expect(one(path, 'whyChooseUs').action).toEqual({ label: 'Our Works', href: '/portfolio' });
    expect(one(path, 'cta')).toMatchObject({
      title: 'Want to reach your customers at a faster pace?',
      action: { label: 'Ping us now' },
    });
    expect(sections(path, 'techList')).toHaveLength(1);
  });

  it('YouTube: 8 organic and 8 paid cards, Reach us, 3 achievements, ad facts and the four links', () => {
    const path = '/youtube-marketing';
    const tabs = one(path, 'serviceTabs').tabs;
    expect(tabs.map((t) => [t.title, t.cards.length])).toEqual([
      ['Organic Promotion', 8],
      ['Paid Media Marketing', 8],
    ]);
    expect(one(path, 'cta').action.label).toBe('Reach us');
    expect(one(path, 'achievements').items).toHaveLength(3);
    const all = text(path);
    expect(all).toContain('6 seconds');
    expect(all).toContain('after 5 seconds');
    expect(all).toContain('20% of the player');
    const hrefs = actions(path).map((a) => a.href);
    for (const href of ['/portfolio', '/contact', '/seo-company-in-chennai', '/about'])
      expect(hrefs).toContain(href);
    expect(actions(path)).toContainEqual({
      label: 'Our team',
      href: '/about',
      scrollTo: undefined,
    });
  });

  it('content marketing, branding, WordPress: service cards plus a final card', () => {
    const content = one('/content-marketing', 'serviceGrid');
    expect(content.items).toHaveLength(7);
    expect(content.finalCard?.title).toBe('What services are you looking for?');
    expect(sections('/content-marketing', 'techList')).toHaveLength(1);
    expect(one('/branding-company-in-chennai', 'serviceGrid').items).toHaveLength(5);
    expect(one('/branding-company-in-chennai', 'serviceGrid').finalCard).toBeDefined();
    expect(one('/wordpress-development-company-chennai', 'serviceGrid').items).toHaveLength(5);
    expect(one('/wordpress-development-company-chennai', 'serviceGrid').finalCard).toBeDefined();
    expect(sections('/wordpress-development-company-chennai', 'clients')).toHaveLength(1);
    expect(text('/wordpress-development-company-chennai')).toContain('around 37% of all websites');
  });

  it('development pages: bands at -0.6, their CTA texts, service boxes and closing boxes', () => {
    const webApp = '/web-application-development-company-chennai';
    expect(one(webApp, 'hero').title).toBe('Web Application Development Company in Chennai');
    expect(sections(webApp, 'text').map((s) => s.heading)).toEqual([
      'What is a Web Application?',
      'Develop a powerful Web Application',
    ]);
    expect(actions(webApp)).toContainEqual({
      label: 'Talk to us',
      href: '/contact',
      scrollTo: undefined,
    });
    expect(one(webApp, 'benefitTabs')).toMatchObject({ orientation: 'vertical', getInTouch: true });
    expect(one(webApp, 'cta')).toMatchObject({
      title: 'Looking for futuristic web app solutions?',
      action: { label: 'Ping us', href: '/contact' },
      parallax: -0.6,
    });
    const webAppGrid = one(webApp, 'serviceGrid');
    expect(webAppGrid.items.map((i) => i.title)).toEqual([
      'E-Commerce Web Applications',
      'Custom Web Applications',
      'CRM',
      'ERP',
      'CMS',
    ]);
    expect(webAppGrid.finalCard?.action.label).toBe('Contact us now');
    expect(one(webApp, 'whyChooseUs').action).toEqual({ label: 'Contact Us', href: '/contact' });
    expect(sections(webApp, 'clients')).toHaveLength(1);

    const shop = '/e-commerce-website-development-company-chennai';
    expect(one(shop, 'cta')).toMatchObject({
      title: 'Need a robust eCommerce website?',
      action: { label: 'Contact us now' },
      parallax: -0.6,
    });
    const shopGrid = one(shop, 'serviceGrid');
    expect(shopGrid.items.map((i) => i.title)).toEqual([
      'Custom E-commerce solutions',
      'E-Commerce marketplace',
      'E-Commerce optimization',
      'E-commerce migration',
      'E-Commerce integration',
      'E-Commerce maintenance',
      'E-Commerce consulting',
    ]);
    expect(shopGrid.finalCard?.action.label).toBe('Reach us now');
    expect(
      one(shop, 'faq')
        .items.map((i) => i.question)
        .join(' '),
    ).toMatch(/SEO.*cost.*long.*support/is);
    expect(text(shop)).toContain('about one month');
    expect(sections(shop, 'whyChooseUs')).toHaveLength(1);
    expect(sections(shop, 'clients')).toHaveLength(1);

    const saasPath = '/saas-development-company-in-chennai';
    expect(sections(saasPath, 'text').map((s) => s.heading)).toContain('What is SaaS?');
    expect(one(saasPath, 'cta')).toMatchObject({
      title: 'Looking for a SaaS development service?',
      action: { label: 'Contact us' },
      parallax: -0.6,
    });
    const saasGrid = one(saasPath, 'serviceGrid');
    expect(saasGrid.items.map((i) => i.title)).toEqual([
      'Kick-Off',
      'Expand your Market',
      'Simplified',
      'Customizable',
    ]);
    expect(saasGrid.finalCard?.action.label).toBe("Let's talk now");
    expect(text(saasPath)).toContain('two to eight months');
    expect(text(saasPath)).toContain('45 days');
    expect(sections(saasPath, 'whyChooseUs')).toHaveLength(1);
    expect(sections(saasPath, 'clients')).toHaveLength(1);
  });

  it('uses parallax 0.6 on bands except branding (0.3) and the development bands (-0.6)', () => {
    const bands = Object.fromEntries(
      SPEC_PATHS.map((path) => [path, sections(path, 'cta').map((c) => c.parallax)]),
    );
    expect(bands['/branding-company-in-chennai']).toEqual([0.3]);
    expect(bands['/seo-company-in-chennai']).toEqual([0.6]);
    for (const path of [
      '/web-application-development-company-chennai',
      '/e-commerce-website-development-company-chennai',
      '/saas-development-company-in-chennai',
    ]) {
      expect(bands[path]).toEqual([-0.6]);
    }
  });

  it('offers light heads (no FAQ) that agree with the full pages, in menu order', () => {
    expect(serviceLandingPaths).toEqual(SPEC_PATHS);
    for (const path of SPEC_PATHS) {
      const { faq, ...rest } = page(path).meta;
      expect(serviceLandingHeads[path]).toEqual(rest);
      expect(serviceLandingHeads[path]).not.toHaveProperty('faq');
      if (EXPECTED[path]?.faq) expect(faq).toHaveLength(EXPECTED[path]?.faq ?? 0);
    }
  });

  it('finds a page by path, tolerating a trailing slash, and nothing else', () => {
    expect(findServiceLanding('/seo-company-in-chennai/')?.meta.path).toBe(
      '/seo-company-in-chennai',
    );
    expect(findServiceLanding('/seo-company-in-chennai')).toBe(
      serviceLandings['/seo-company-in-chennai'],
    );
    expect(findServiceLanding('/about')).toBeUndefined();
    expect(findServiceLanding('/constructor')).toBeUndefined();
  });
});
