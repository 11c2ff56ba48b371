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
  defaultShareImage: '/assets/img/share-card.svg',
} as const;

/** The link of the header's chat button (`override`: VITE_WHATSAPP_NUMBER). */
export function chatHref(chatNumber: string, override?: string): string {
  return `https://wa.me/${override ?? chatNumber}`;
}
