import { cardPath, excerpt, pictureSources, SOCIAL_CARD, type Post } from '@agency/shared';
import type { PageMeta } from '../../lib/page-meta';
import { absoluteUrl } from '../../lib/head';
import { brand } from '../../config/site';
import { BANNER_SIZES } from './image-sizes';
import { blogListPageHref, mediaSrc, postPath } from './paths';
import { blockPageLinks, pagePath } from '../../config/pages';

// The site's name comes from the published settings the page renders with (useSiteSettings): the
// render function reads them for every blog page, so a renamed site shows in the blog's titles too.

/**
 * Head metadata of the public blog list, or of one of its later pages (`/blog?page=N`): each page
 * has its own title and is its own canonical address, since it lists other posts.
 */
export const blogListMeta = (siteName: string, page = 1): PageMeta => ({
  title: page > 1 ? `Blog, page ${page} | ${siteName}` : `Blog | ${siteName}`,
  description: `Articles from ${siteName} on websites, web apps, SEO, digital marketing, branding and design.`,
  path: blogListPageHref(page),
  breadcrumb: [
    { name: 'Home', path: blockPageLinks.home },
    { name: 'Blog', path: pagePath('blogList') },
  ],
});

/** Head metadata of a post path whose slug does not exist. */
export const postNotFoundMeta = (path: string, siteName: string): PageMeta => ({
  title: `Page not found | ${siteName}`,
  description: 'The article you were looking for does not exist or has been removed.',
  path,
  status: 404,
});

/** Head metadata of one post: title, meta description (or excerpt), canonical, banner share image and preload, BlogPosting and BreadcrumbList JSON-LD. */
export function postMeta(post: Post, siteUrl: string, siteName: string): PageMeta {
  const path = postPath(post.slug);
  // The author's own description first; else the opening of the text, else the title.
  const description = post.meta_description.trim() || excerpt(post.content, 160) || post.title;
  // The banner's 1200 × 630 card when it has variants; a banner stored before that, as uploaded.
  const image = post.banner
    ? cardPath(post.banner)
    : post.banner_image
      ? mediaSrc(post.banner_image)
      : undefined;
  const modern = post.banner ? pictureSources(post.banner).sources[0] : undefined;
  const blogPosting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.created_at,
    dateModified: post.updated_at,
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(path, siteUrl) },
    url: absoluteUrl(path, siteUrl),
    publisher: {
      '@type': 'Organization',
      name: siteName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(brand.logo.dark, siteUrl) },
    },
    ...(image ? { image: absoluteUrl(image, siteUrl) } : {}),
    ...(post.author
      ? { author: { '@type': 'Person', name: post.author.name } }
      : { author: { '@type': 'Organization', name: siteName } }),
  };
  return {
    title: `${post.title} | ${siteName}`,
    description,
    path,
    image,
    ...(post.banner ? { imageSize: SOCIAL_CARD } : {}),
    // The banner is the post page's largest paint: preload the source the <picture> picks first
    // (AVIF; a browser without AVIF skips a preload of that type and uses its WebP or JPEG source).
    ...(modern
      ? { preloadImage: { srcset: modern.srcset, sizes: BANNER_SIZES, type: modern.type } }
      : {}),
    type: 'article',
    breadcrumb: [
      { name: 'Home', path: blockPageLinks.home },
      { name: 'Blog', path: pagePath('blogList') },
      { name: post.title, path },
    ],
    jsonLd: [blogPosting],
  };
}
