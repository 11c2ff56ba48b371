import { useSearchParams } from 'react-router';
import { Breadcrumb } from '../../components/sections/breadcrumb';
import { island } from '../../lib/deferred';
import { useSiteSettings } from '../../lib/site-settings';
import { usePageMeta } from '../../lib/use-page-meta';
import { blogListMeta } from './post-meta';
import { blogListPageOf } from './paths';
import './blog.css';
import { blockPageLinks, pagePath } from '../../config/pages';

/** The list and sidebar, with SWR: needed to load more posts, or when the page came without them. */
const BlogList = island<{ start: number }>('blog-list');

/**
 * `/blog`: the heading, then the list and the featured posts sidebar. The page the render handler
 * rendered already shows the first posts, so the list's code (SWR, the API client) loads only when
 * more posts are wanted: as its load-more sentinel comes into view, or at the visitor's first input.
 */
export default function BlogListPage() {
  // `/blog?page=N` starts the list at page N (the render handler answers 404 for a bad N).
  const [query] = useSearchParams();
  const start = blogListPageOf(query) ?? 1;
  usePageMeta(blogListMeta(useSiteSettings().name, start));
  return (
    <div className="blog-list-page">
      <header className="blog-list-page__hero">
        <Breadcrumb
          items={[
            { name: 'Home', path: blockPageLinks.home },
            { name: 'Blog', path: pagePath('blogList') },
          ]}
        />
        <h1>Blog</h1>
      </header>
      <div className="blog-list-page__layout">
        <BlogList start={start} />
      </div>
    </div>
  );
}
