import type { PageMeta } from './page-meta';
import { SOCIAL_CARD, titleCardPath, type SiteSettings, type TitleCard } from '@agency/shared';
import { brand } from '../config/site';
import { SWR_FALLBACK_ID } from './api-fallback';
import { escapeHtml } from './html';

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Absolute URL of a site path (absolute URLs pass through). */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The JSON-LD objects a page's metadata calls for: its own, plus FAQPage and BreadcrumbList. */
export function structuredData(meta: PageMeta, siteUrl: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [...(meta.jsonLd ?? [])];
  if (meta.faq?.length) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: meta.faq.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    });
  }
  if (meta.breadcrumb?.length) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: meta.breadcrumb.map((b, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: b.name,
        item: absoluteUrl(b.path, siteUrl),
      })),
    });
  }
  return out;
}

/** An office's postal address as schema.org reads it, from the site settings. */
function postalAddress(o: SiteSettings['offices'][number]): Record<string, unknown> {
  return {
    '@type': 'PostalAddress',
    streetAddress: o.lines[0],
    addressLocality: o.city,
    ...(o.region ? { addressRegion: o.region } : {}),
    ...(o.postalCode ? { postalCode: o.postalCode } : {}),
    addressCountry: o.country,
  };
}

/**
 * The agency's structured data, from the site settings (home and contact pages): the Organization,
 * and each office as a LocalBusiness (a ProfessionalService) with its address, phone and map point.
 */
export function organizationJsonLd(siteUrl: string, site: SiteSettings): Record<string, unknown>[] {
  const url = absoluteUrl('/', siteUrl);
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: site.name,
    url,
    logo: absoluteUrl(brand.logo.dark, siteUrl),
    email: site.email,
    description: site.description,
    sameAs: site.social.map((s) => s.href),
    address: site.offices.map(postalAddress),
    contactPoint: site.offices.map((o) => ({
      '@type': 'ContactPoint',
      telephone: o.phone,
      contactType: 'sales',
      areaServed: o.country,
    })),
  };
  const offices = site.offices.map((o) => ({
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: `${site.name} ${o.city}`,
    url: absoluteUrl('/contact', siteUrl),
    image: absoluteUrl(brand.logo.dark, siteUrl),
    email: site.email,
    telephone: o.phone,
    address: postalAddress(o),
    geo: { '@type': 'GeoCoordinates', latitude: o.lat, longitude: o.lng },
    parentOrganization: { '@id': `${url}#organization` },
  }));
  return [organization, ...offices];
}

/** The pages' language for link previews (the documents say `lang="en"`). */
const OG_LOCALE = 'en_US';

/** The site's account on X (`@name`), from the settings' social link to x.com or twitter.com. */
export function xHandle(site: Pick<SiteSettings, 'social'>): string | undefined {
  for (const link of site.social) {
    try {
      const url = new URL(link.href);
      const [name] = url.pathname.split('/').filter(Boolean);
      if (/^(www\.)?(x|twitter)\.com$/.test(url.hostname) && name && /^\w{1,15}$/.test(name))
        return `@${name}`;
    } catch {
      // Not an absolute address: no handle.
    }
  }
  return undefined;
}

/**
 * The card drawn from a page's title that its head names when it has no share image of its own:
 * its share title without the site's name at its end (the card shows the name apart), and the name.
 */
export function titleCardOf(
  meta: PageMeta,
  site: Pick<SiteSettings, 'name'>,
): TitleCard | undefined {
  if (meta.image) return undefined;
  const full = (meta.shareTitle ?? meta.title).trim();
  const name = site.name.trim();
  const suffix = new RegExp(`\\s*[|·–—-]\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'u');
  const title = full.replace(suffix, '').trim() || full;
  return { title, site: name };
}

/**
 * Every <head> tag a page needs, as an HTML string: the largest image's preload (first, so it
 * starts before anything else the head asks for), title, description, canonical,
 * Open Graph, Twitter large-image card and JSON-LD. Shared by the prerender and the blog render handler.
 * `withTitleCard`: a page without a share image names the card drawn from its title (`titleCardOf`),
 * which only the published documents may (publishing draws it before the HTML is put); else the
 * brand's card.
 */
export function renderHead(
  meta: PageMeta,
  siteUrl: string,
  site: SiteSettings,
  withTitleCard = false,
): string {
  const canonical = absoluteUrl(meta.canonical ?? meta.path, siteUrl);
  const shareTitle = meta.shareTitle ?? meta.title;
  const shareDescription = meta.shareDescription ?? meta.description;
  const card = withTitleCard ? titleCardOf(meta, site) : undefined;
  const fallback = card
    ? { src: titleCardPath(card), ...SOCIAL_CARD, alt: `${card.title} · ${card.site}` }
    : brand.defaultShareImage;
  const image = absoluteUrl(meta.image ?? fallback.src, siteUrl);
  const imageSize = meta.image ? meta.imageSize : fallback;
  // Said of the page's own image when known, else its title; a card says what it shows.
  const imageAlt = meta.image ? (meta.imageAlt ?? meta.title) : fallback.alt;
  const preload = meta.preloadImage;
  const tags = [
    preload
      ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(preload.srcset)}" imagesizes="${escapeHtml(preload.sizes)}" type="${escapeHtml(preload.type)}" fetchpriority="high">`
      : '',
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords)}">` : '',
    // A not-found page is no page of its own: no canonical address, kept out of search results.
    meta.status === 404 || meta.noindex ? '<meta name="robots" content="noindex">' : '',
    meta.status === 404 ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:locale" content="${OG_LOCALE}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(shareTitle)}">`,
    `<meta property="og:description" content="${escapeHtml(shareDescription)}">`,
    meta.status === 404 ? '' : `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    ...(imageSize
      ? [
          `<meta property="og:image:width" content="${imageSize.width}">`,
          `<meta property="og:image:height" content="${imageSize.height}">`,
        ]
      : []),
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    xHandle(site) ? `<meta name="twitter:site" content="${escapeHtml(xHandle(site) ?? '')}">` : '',
    `<meta name="twitter:title" content="${escapeHtml(shareTitle)}">`,
    `<meta name="twitter:description" content="${escapeHtml(shareDescription)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}">`,
    ...structuredData(meta, siteUrl).map(
      (o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Id of the JSON script the blog render handler fills with SWR data; the browser entry reads it before hydrating. */
export { SWR_FALLBACK_ID };

/** A non-executable JSON data block carrying SWR fallback data to the browser (CSP-safe). */
export function swrFallbackScript(fallback: Record<string, unknown>): string {
  return `<script type="application/json" id="${SWR_FALLBACK_ID}">${jsonForScript(fallback)}</script>`;
}
