import { useLocation, useParams } from 'react-router';
import { SPECIAL_SLUGS } from '@agency/shared';
import { env } from '../../lib/env';
import { usePageMeta } from '../../lib/use-page-meta';
import { usePost, usePostsPage } from './api';
import { PostNotFound } from './not-found';
import { PostArticle } from './post-article';
import { postMeta, postNotFoundMeta } from './post-meta';
import { PostSkeleton } from './post-skeleton';
import { relatedPosts } from './related-posts';
import './blog.css';
import { LoadError } from './load-error';
import { WithApiFallback } from './with-api-fallback';

/** The slug a post route shows: the `slug` param, or the career article on its unprefixed path. */
export const slugFromParams = (params: { slug?: string }): string =>
  params.slug ?? SPECIAL_SLUGS.career;

/** `/blog/:slug` and the unprefixed career post. Renders synchronously from SWR fallback data on the server. */
function PostPageBody() {
  const slug = slugFromParams(useParams());
  const { data, error, mutate, isValidating } = usePost(slug);
  const list = usePostsPage(1);
  const { pathname } = useLocation();
  // Recorded during the server render (head tags, 404 status) and applied to the document head in the browser.
  usePageMeta(
    data?.found === false
      ? postNotFoundMeta(pathname)
      : data
        ? postMeta(data.post, env.VITE_SITE_URL)
        : undefined,
  );

  let content;
  if (data?.found === false) content = <PostNotFound />;
  else if (data)
    content = (
      <PostArticle
        key={data.post.slug}
        post={data.post}
        prev={data.prev_post}
        next={data.next_post}
        related={relatedPosts(list.data?.results ?? [], data.post.slug)}
      />
    );
  else if (error)
    content = (
      <LoadError message={error.message} retrying={isValidating} onRetry={() => void mutate()} />
    );
  else content = <PostSkeleton />;

  return <div className="post-page">{content}</div>;
}

/** The page with SWR seeded from the server render's data. */
export default function PostPage() {
  return (
    <WithApiFallback>
      <PostPageBody />
    </WithApiFallback>
  );
}
