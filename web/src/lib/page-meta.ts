/** What every public page declares for its <head>: the prerender and the blog render handler turn it into tags and JSON-LD. */
export interface PageMeta {
  /** Unique per page. */
  title: string;
  description: string;
  /** Site path of the page; the canonical is SITE_URL + path. */
  path: string;
  /** Site path or absolute URL of the social-share image (large-image card). */
  image?: string;
  /** Pixel size of `image`, when known (Open Graph's og:image:width/height). */
  imageSize?: { width: number; height: number };
  /** What `image` shows, for people who cannot see it (og:image:alt, twitter:image:alt). */
  imageAlt?: string;
  /**
   * The page's largest image, preloaded from the head so its download starts with the HTML's
   * first bytes: the same `srcset` and `sizes` as the image's first `<source>`, so the browser
   * preloads exactly the file the page then uses.
   */
  preloadImage?: { srcset: string; sizes: string; type: string };
  type?: 'website' | 'article';
  keywords?: string;
  /** Emits FAQPage JSON-LD. */
  faq?: { question: string; answer: string }[];
  /** Emits BreadcrumbList JSON-LD. */
  breadcrumb?: { name: string; path: string }[];
  /** Extra JSON-LD objects (Organization, BlogPosting…). */
  jsonLd?: Record<string, unknown>[];
  /** HTTP status the page answers with (404 for the not-found page). */
  status?: number;
  /** What link previews show instead of `title` / `description` (og:, twitter:). */
  shareTitle?: string;
  shareDescription?: string;
  /** Site path or absolute URL search engines should prefer; the page's own address when absent. */
  canonical?: string;
  /** Kept out of search results (robots noindex). */
  noindex?: boolean;
}
