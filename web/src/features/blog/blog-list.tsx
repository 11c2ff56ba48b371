import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { FEATURED_POSTS } from '@agency/shared';
import { useInfinitePosts, useListPosts } from './api';
import { formatPostDate } from './format-date';
import { SIDEBAR_SIZES } from './image-sizes';
import { blogListPageHref, postPath } from './paths';
import { PostBanner } from './post-banner';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-skeleton';
import { LoadError } from './load-error';
import { WithApiFallback } from './with-api-fallback';
import { useHydrated } from './use-hydrated';

/** Calls `onVisible` whenever the sentinel scrolls into view (with some margin), while `enabled`. */
function useSentinel(enabled: boolean, onVisible: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * The infinite-scroll list from page `start` on, and the featured posts sidebar (the newest 3).
 * Until it is live (the server's HTML, or a browser without JavaScript) the list ends with a
 * "More posts" link to the next page's address instead; once live, scrolling loads the pages.
 */
function BlogListBody({ start }: { start: number }) {
  const { data, error, size, setSize, mutate, isValidating } = useInfinitePosts(start);
  // The featured posts are the newest whatever page the list starts at.
  const newest = useListPosts(start > 1 ? 1 : null);
  const live = useHydrated();
  const posts = data?.flatMap((p) => p.results) ?? [];
  const featured =
    (start > 1 ? newest.data?.results : data?.[0]?.results)?.slice(0, FEATURED_POSTS) ?? [];
  const last = data?.[data.length - 1];
  const hasMore = last !== undefined && last.next !== null;
  const loadingMore = error === undefined && (data === undefined || data[size - 1] === undefined);
  const sentinel = useSentinel(
    hasMore && !loadingMore && error === undefined,
    () => void setSize(size + 1),
  );

  return (
    <>
      <section className="blog-list" aria-label="Articles" aria-busy={loadingMore}>
        {/* A later page's way back, with or without JavaScript: scrolling only ever loads older posts. */}
        {start > 1 && (
          <a className="blog-list__newer" href={blogListPageHref(start - 1)} rel="prev">
            Newer posts
          </a>
        )}
        {data === undefined && error !== undefined ? (
          <LoadError
            message={`The articles could not be loaded. ${error.message}`}
            retrying={isValidating}
            onRetry={() => void mutate()}
          />
        ) : data !== undefined && posts.length === 0 ? (
          <p className="blog-list__empty">
            No articles have been published yet. Please check back soon.
          </p>
        ) : (
          <ul className="blog-list__items">
            {posts.map((p, i) => (
              <PostCard key={p.id} post={p} first={i === 0} />
            ))}
            {loadingMore &&
              Array.from({ length: data === undefined ? 3 : 1 }, (_, i) => (
                <PostCardSkeleton key={`s${i}`} />
              ))}
          </ul>
        )}
        {data !== undefined && error !== undefined && (
          <LoadError
            message={`More articles could not be loaded. ${error.message}`}
            retrying={isValidating}
            onRetry={() => void mutate()}
          />
        )}
        {hasMore && <div ref={sentinel} className="blog-list__sentinel" aria-hidden="true" />}
        {hasMore && !live && (
          <a
            className="blog-list__more"
            href={blogListPageHref(start + (data?.length ?? 0))}
            rel="next"
          >
            More posts
          </a>
        )}
      </section>
      <aside className="blog-sidebar" aria-labelledby="featured-title">
        <h2 id="featured-title">Featured posts</h2>
        <ul>
          {featured.map((p) => (
            <li key={p.id} className="blog-sidebar__item">
              <PostBanner post={p} sizes={SIDEBAR_SIZES} legacy={{ width: 96, height: 64 }} />
              <div>
                <Link to={postPath(p.slug)}>{p.title}</Link>
                <time dateTime={p.created_at}>{formatPostDate(p.created_at)}</time>
              </div>
            </li>
          ))}
        </ul>
      </aside>
      {/* After the sidebar, so on a phone the featured posts come before the end of the blog. */}
      {data !== undefined && !hasMore && posts.length > 0 && (
        <p className="blog-list__end">You have reached the end of the blog.</p>
      )}
    </>
  );
}

/** `/blog`'s list (from page `start`, `/blog?page=N`) with SWR seeded from the server render's data. */
export default function BlogList({ start = 1 }: { start?: number }) {
  return (
    <WithApiFallback>
      <BlogListBody start={start} />
    </WithApiFallback>
  );
}
