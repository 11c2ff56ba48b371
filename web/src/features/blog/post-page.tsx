import { useParams } from 'react-router';
import { SPECIAL_SLUGS } from '@agency/shared';
import { LivePost } from './post-parts';
import { PostView } from './post-view';
import { useServedPost, useServedPostsPage } from './served';
import './blog.css';

/** The slug a post route shows: the `slug` param, or the career article on its unprefixed path. */
export const slugFromParams = (params: { slug?: string }): string =>
  params.slug ?? SPECIAL_SLUGS.career;

/**
 * `/blog/:slug` and the unprefixed career post. The page the render handler rendered shows the post
 * it was rendered with, without SWR and without fetching it again; a post reached by navigation (or
 * a page that came without its post) is fetched in the browser by the `LivePost` part.
 */
export default function PostPage() {
  const slug = slugFromParams(useParams());
  const served = useServedPost(slug);
  const list = useServedPostsPage(1);
  return (
    <div className="post-page">
      {served ? (
        <PostView result={served} list={list?.results ?? []} />
      ) : (
        <LivePost slug={slug} View={PostView} />
      )}
    </div>
  );
}
