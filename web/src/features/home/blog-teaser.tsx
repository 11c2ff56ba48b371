import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { excerpt, readingTime, type Post } from '@agency/shared';
import { TIMINGS } from '@agency/shared';
import { Carousel } from '../../components/carousel';
import { formatPostDate } from '../blog/format-date';
import { PostBanner } from '../blog/post-banner';
import { useListPosts } from '../blog/api';
import { pageHref, pagePath } from '../../config/pages';

/**
 * The width a teaser card's image is shown at: the section's and the container's 20 px paddings
 * on each side and the card's 1 px border; one slide per view under 450 px, else two 30 px apart,
 * in a container of at most 1160 px. Measured in Chromium: 375 → 293 px, 1280 → 563 px.
 */
const TEASER_SIZES =
  '(max-width: 449.98px) calc(100vw - 82px), (max-width: 1240px) calc(50vw - 57px), 563px';

function TeaserCard({ post }: { post: Post }) {
  return (
    <article className="post-card">
      <PostBanner
        post={post}
        sizes={TEASER_SIZES}
        legacy={{ width: 600, height: 340 }}
        className="post-card__image"
        fallback="/assets/img/blog-placeholder.svg"
      />
      <div className="post-card__body">
        <p className="post-card__meta">
          <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time> ·{' '}
          {readingTime(post.content)} min read
        </p>
        <h3 className="post-card__title">
          <Link to={pageHref('post', { slug: post.slug })}>{post.title}</Link>
        </h3>
        <p className="post-card__excerpt">{excerpt(post.content, 140)}</p>
        <Link to={pageHref('post', { slug: post.slug })} className="btn btn--link">
          Read more<span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}

function TeaserSlides() {
  const { data, error } = useListPosts(1);
  if (error) return null;
  if (!data) return <p className="blog-teaser__status">Loading the latest articles…</p>;
  if (data.results.length === 0)
    return <p className="blog-teaser__status">New articles are on their way.</p>;
  return (
    <Carousel
      label="Latest blog posts"
      slides={data.results.map((p) => (
        <TeaserCard key={p.id} post={p} />
      ))}
      perView={1}
      breakpoints={[{ minWidth: 450, perView: 2 }]}
      spacing={30}
      loop
      speedMs={TIMINGS.carouselSpeedMs}
      arrows
    />
  );
}

/**
 * Home blog teaser: the server HTML holds only the reserved box (the list changes with every post);
 * the browser fills it from the post list after hydration. On failure the box stays empty (spec §8).
 */
export function BlogTeaser({ heading }: { heading: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="section blog-teaser" aria-labelledby="blog-teaser-heading">
      <div className="container">
        <h2 id="blog-teaser-heading" className="section__heading">
          {heading}
        </h2>
        <div className="blog-teaser__box" data-testid="blog-teaser-box">
          {mounted && <TeaserSlides />}
        </div>
        <p className="blog-teaser__more">
          <Link to={pagePath('blogList')} className="btn btn--outline">
            Visit the blog
          </Link>
        </p>
      </div>
    </section>
  );
}
