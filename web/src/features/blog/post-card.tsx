import { Link } from 'react-router';
import { excerpt, readingTime, type Post } from '@agency/shared';
import { formatPostDate } from './format-date';
import { LIST_CARD_SIZES } from './image-sizes';
import { postPath } from './paths';
import { PostBanner } from './post-banner';

/**
 * One item of the public list: thumbnail, title, excerpt, date, reading time and Read more; a post
 * without a banner has its text across the whole card (no empty image column). The
 * `first` one's thumbnail (usually the page's largest paint) loads at once and before others; the
 * rest load as they near the viewport.
 */
export function PostCard({ post, first = false }: { post: Post; first?: boolean }) {
  const path = postPath(post.slug);
  const thumb =
    post.banner || post.banner_image ? (
      <PostBanner
        post={post}
        sizes={LIST_CARD_SIZES}
        legacy={{ width: 400, height: 250 }}
        priority={first}
      />
    ) : null;
  return (
    <li className={thumb ? 'blog-card' : 'blog-card blog-card--text-only'}>
      {thumb && (
        <Link to={path} className="blog-card__thumb" tabIndex={-1} aria-hidden="true">
          {thumb}
        </Link>
      )}
      <div className="blog-card__text">
        <h2 className="blog-card__title">
          <Link to={path}>{post.title}</Link>
        </h2>
        <p className="blog-card__meta">
          <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
          <span aria-hidden="true"> · </span>
          <span>{readingTime(post.content)} min read</span>
        </p>
        <p className="blog-card__excerpt">{excerpt(post.content, 180)}</p>
        <Link to={path} className="blog-card__more">
          Read more<span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </li>
  );
}
