import { cardPath, libraryImageIds, SOCIAL_CARD, type PageContent } from '@agency/shared';
import type { PageMeta } from '../../lib/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { Blocks } from './blocks';

/** A page's chosen share image: a library image as its 1200 × 630 card, any other as given. */
function shareImage(image: string | undefined): Pick<PageMeta, 'image' | 'imageSize'> {
  if (!image) return {};
  const [id] = libraryImageIds(image);
  return id ? { image: cardPath({ id }), imageSize: SOCIAL_CARD } : { image };
}

/** A block page's head: its title and description, share image, breadcrumb and its FAQ blocks' questions. */
export function blockPageMeta(page: PageContent, path: string): PageMeta {
  const faq = page.blocks.flatMap((b) => (b.type === 'faq' && !b.hidden ? b.items : []));
  return {
    title: page.title,
    description: page.description,
    path,
    ...(page.keywords ? { keywords: page.keywords } : {}),
    ...shareImage(page.image),
    ...(page.shareTitle ? { shareTitle: page.shareTitle } : {}),
    ...(page.shareDescription ? { shareDescription: page.shareDescription } : {}),
    ...(page.canonical ? { canonical: page.canonical } : {}),
    ...(page.noindex ? { noindex: true } : {}),
    ...(page.breadcrumb.length > 0 ? { breadcrumb: page.breadcrumb } : {}),
    ...(faq.length > 0 ? { faq } : {}),
  };
}

/**
 * A marketing page from its record: its head, then its visible blocks in order. The public site,
 * prerender, publishing (the render function) and the admin's preview all render pages with this.
 */
export function BlockPage({ page, path }: { page: PageContent; path: string }) {
  usePageMeta(blockPageMeta(page, path));
  return <Blocks page={page} />;
}
