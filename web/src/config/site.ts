/**
 * The brand's own files, which the code ships: the logos and the default share card. Everything the
 * site says about the agency (name, offices, links) is site settings, data staff edit
 * (lib/site-settings.tsx; seeded from content/site-settings.ts).
 */
export const brand = {
  logo: {
    light: '/assets/img/logo-light.svg',
    dark: '/assets/img/logo-dark.svg',
    width: 168,
    height: 40,
  },
  /**
   * The share card link previews show for a page without an image of its own: a 1200 × 630 JPEG
   * (Facebook, X and LinkedIn show no SVG), drawn from `share-card.svg` with sharp.
   */
  defaultShareImage: {
    src: '/assets/img/share-card.jpg',
    width: 1200,
    height: 630,
    alt: 'Alchem Digital: branding, websites, web apps and digital marketing, Chennai and Chicago',
  },
} as const;

/** The link of the header's chat button (`override`: VITE_WHATSAPP_NUMBER). */
export function chatHref(chatNumber: string, override?: string): string {
  return `https://wa.me/${override ?? chatNumber}`;
}
