import { useLocation } from 'react-router';
import type { Post } from '@agency/shared';
import { useSiteSettings } from '../../lib/site-settings';
import { useSiteUrl } from '../../lib/site-url';
import { usePageMeta } from '../../lib/use-page-meta';
import type { PostResult } from './api';
import { PostNotFound } from './not-found';
import { PostArticle, relatedPosts } from './post-article';
import { postMeta, postNotFoundMeta } from './post-meta';

/** A post, or the not-found content, with its head metadata (recorded by the server render, applied in the browser). */
export function PostView({ result, list }: { result: PostResult; list: readonly Post[] }) {
  const { pathname } = useLocation();
  const siteUrl = useSiteUrl();
  const { name } = useSiteSettings();
  usePageMeta(
    result.found ? postMeta(result.post, siteUrl, name) : postNotFoundMeta(pathname, name),
  );
  if (!result.found) return <PostNotFound />;
  return (
    <PostArticle
      key={result.post.slug}
      post={result.post}
      prev={result.prev_post}
      next={result.next_post}
      inlineImages={result.inline_images}
      related={relatedPosts(list, result.post.slug)}
    />
  );
}
