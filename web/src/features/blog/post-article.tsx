import { Link } from 'react-router';
import {
  readingTime,
  SPECIAL_SLUGS,
  stripTags,
  type Image,
  type Post,
  type PostLink,
} from '@agency/shared';
import { Breadcrumb } from '../../components/sections/breadcrumb';
import { absoluteUrl } from '../../lib/head';
import { useSiteUrl } from '../../lib/site-url';
import { BANNER_SIZES } from './image-sizes';
import { PostBody, RelatedPosts } from './post-parts';
import { formatPostDate } from './format-date';
import { postPath } from './paths';
import { PostBanner } from './post-banner';
import { PostSkeleton } from './post-skeleton';
import { ReadingProgress } from './reading-progress';
import { ShareButtons } from './share-buttons';
import { useViewCount } from './use-view-count';
import { blockPageLinks, pagePath } from '../../config/pages';
import { island } from '../../lib/deferred';
import { escapeHtml } from '../../lib/html';

/** Listen and the file-type demo are islands: hydrated at first input, and when seen. */
const Listen = island<Record<string, never>>('listen');
const FileIconDemo = island<Record<string, never>>('file-icon-demo');

/**
 * A related post as its card needs it: the island's props ride in the page as JSON, so each card
 * carries the start of its text (enough for the card's 110-character excerpt), not the whole post.
 */
const cardOnly = (post: Post): Post => ({
  ...post,
  content: escapeHtml(stripTags(post.content).slice(0, 400)),
});

export interface PostArticleProps {
  post: Post;
  prev: PostLink | null;
  next: PostLink | null;
  related: readonly Post[];
  /** The library images the body shows, with their placeholders (`inline_images`). */
  inlineImages?: readonly Image[];
  /** False in an admin preview: looking at a draft is not a visit. */
  countViews?: boolean;
}

/** Posts other than the current one, in list order. */
export const relatedPosts = (posts: readonly Post[], currentSlug: string): Post[] =>
  posts.filter((p) => p.slug !== currentSlug);

/**
 * One blog post: breadcrumb, title, banner, listen control, body, prev/next, author, share and related
 * posts. What a first load runs is the listen control, the reading progress, the share links, the view
 * count (and the icon demo of its article); the body and the carousel are deferred parts.
 */
export function PostArticle({
  post,
  prev,
  next,
  related,
  inlineImages = [],
  countViews = true,
}: PostArticleProps) {
  const views = useViewCount(countViews ? post.slug : null, post.views);
  const siteUrl = useSiteUrl();
  const path = postPath(post.slug);
  return (
    <>
      <ReadingProgress />
      <article className="post">
        <Breadcrumb
          items={[
            { name: 'Home', path: blockPageLinks.home },
            { name: 'Blog', path: pagePath('blogList') },
            { name: post.title, path },
          ]}
        />
        <header className="post__header">
          <h1 className="post__title">{post.title}</h1>
          <p className="post__meta">
            <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
            <span aria-hidden="true"> · </span>
            <span>{readingTime(post.content)} min read</span>
          </p>
          <Listen />
        </header>
        <PostBanner
          post={post}
          sizes={BANNER_SIZES}
          legacy={{ width: 1200, height: 630 }}
          alt={post.title}
          className="post__banner"
          priority
        />
        {post.content.trim() === '' ? (
          <PostSkeleton />
        ) : (
          <PostBody html={post.content} images={inlineImages} />
        )}
        {post.slug === SPECIAL_SLUGS.fileIcons && <FileIconDemo />}
        {(prev || next) && (
          <nav className="post__pager" aria-label="More articles">
            {prev && (
              <Link
                className="post__pager-link post__pager-link--prev"
                to={postPath(prev.slug)}
                rel="prev"
              >
                <span>Previous</span> {prev.title}
              </Link>
            )}
            {next && (
              <Link
                className="post__pager-link post__pager-link--next"
                to={postPath(next.slug)}
                rel="next"
              >
                <span>Next</span> {next.title}
              </Link>
            )}
          </nav>
        )}
        <aside className="post__author" aria-label="About the author">
          <p className="post__author-name">{post.author?.name ?? 'Editorial team'}</p>
          <p className="post__views">{views} views</p>
        </aside>
        <ShareButtons url={absoluteUrl(path, siteUrl)} title={post.title} />
      </article>
      {related.length > 0 && <RelatedPosts posts={related.map(cardOnly)} />}
    </>
  );
}
