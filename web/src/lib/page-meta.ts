/** What every public page declares for its <head>: the prerender and the blog render handler turn it into tags and JSON-LD. */
export interface PageMeta {
  /** Unique per page. */
  title: string;
  description: string;
  /** Site path of the page; the canonical is SITE_URL + path. */
  path: string;
  /** Site path or absolute URL of the social-share image (large-image card). */
  image?: string;
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
}
