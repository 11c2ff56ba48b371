/**
 * The islands: the parts of a public page that hydrate. Everything else a public page shows (text,
 * images, headings, the footer, the sections listed nowhere here) stays the server's HTML and never
 * loads React; the header, the cookie notice and the page's small behaviours are plain script
 * (src/page-script). A section becomes an island by an entry here and by rendering it through
 * `island(name)` (lib/deferred.tsx); it stays static by rendering it directly.
 *
 * Each island hydrates its own server-rendered root (the `display: contents` wrapper `island()`
 * renders, holding its props as JSON) when it is needed, and React loads with the first one:
 *
 * - `used`: at the visitor's first pointer, touch, key or focus inside it (held clicks and submits
 *   are replayed once it is live, lib/early-input.ts). For islands in a first screen that wait
 *   for input: the enquiry form, the portfolio filter, Listen.
 * - `seen`: when it comes within half a screen of the viewport; `seen:<selector>` when an element
 *   inside it that the selector names does (a load-more sentinel, a loading placeholder), and
 *   never when there is none (the server HTML is complete).
 * - `idle`: when the browser is idle after the page's largest paint, for a first screen that must
 *   move on its own. None does today: the home page's auto-advancing hero is plain script
 *   (page-script/hero-carousel.ts), so no page loads React before a visitor scrolls or types.
 *
 * `router`: the island uses react-router (links, navigate); it then hydrates inside a router whose
 * every navigation is a page load (islands/island-router.tsx), and only then loads the router.
 */
import type { ComponentType } from 'react';

export type IslandWhen = 'used' | 'seen' | 'idle' | `seen:${string}`;

export interface IslandSpec {
  // Props come from JSON: each module takes the props its `island()` call serialised.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly load: () => Promise<{ default: ComponentType<any> }>;
  readonly when: IslandWhen;
  readonly router?: true;
}

const named =
  <K extends string>(key: K) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (m: Record<K, ComponentType<any>>) => ({ default: m[key] });

export const ISLANDS = {
  'benefit-tabs': {
    load: () => import('../components/sections/benefit-tabs').then(named('BenefitTabs')),
    when: 'seen',
  },
  'client-carousel': {
    load: () => import('../components/sections/client-carousel').then(named('ClientCarousel')),
    when: 'seen',
  },
  'process-stepper': {
    load: () => import('../components/sections/process-stepper').then(named('ProcessStepper')),
    when: 'seen',
  },
  testimonials: {
    load: () => import('../components/sections/testimonials').then(named('Testimonials')),
    when: 'seen',
  },
  'enquiry-form': {
    load: () => import('../features/enquiry/enquiry-form'),
    when: 'used',
    router: true,
  },
  'blog-teaser': {
    load: () => import('../features/home/blog-teaser').then(named('BlogTeaser')),
    when: 'seen',
    router: true,
  },
  'portfolio-gallery': {
    load: () => import('../features/portfolio/portfolio-gallery').then(named('PortfolioGallery')),
    when: 'used',
  },
  'portfolio-carousel': {
    load: () => import('../features/home/home-portfolio').then(named('HomePortfolioCarousel')),
    when: 'seen',
    router: true,
  },
  'office-map': {
    load: () => import('../features/contact/office-map').then(named('OfficeMap')),
    when: 'seen',
  },
  'blog-list': {
    load: () => import('../features/blog/blog-list'),
    when: 'seen:.blog-list__sentinel, .skeleton, .load-error',
    router: true,
  },
  'live-post': {
    load: () => import('../features/blog/live-post-island'),
    when: 'seen:.skeleton, .load-error',
    router: true,
  },
  'related-posts': {
    load: () => import('../features/blog/related-posts').then(named('RelatedPosts')),
    when: 'seen',
    router: true,
  },
  listen: {
    load: () => import('../features/blog/listen-island'),
    when: 'used',
  },
  'file-icon-demo': {
    load: () => import('../features/blog/file-icon-demo').then(named('FileIconDemo')),
    when: 'seen',
  },
} as const satisfies Record<string, IslandSpec>;

export type IslandName = keyof typeof ISLANDS;

export const isIsland = (name: string): name is IslandName => Object.hasOwn(ISLANDS, name);
