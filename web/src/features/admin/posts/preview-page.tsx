import { usePreview } from './api';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useListPosts } from '../../blog/api';
import { PostArticle, relatedPosts } from '../../blog/post-article';
import { PostSkeleton } from '../../blog/post-skeleton';
import '../../blog/blog.css';
import { AdminStyles } from '../ui/admin-styles';
import { formatLocal } from '../ui/publish-time';
import { RequireAdmin } from '../shell/require-admin';
import { StatusBadge } from './status-badge';
import { pageHref, pagePath } from '../../../config/pages';

/** Keep search engines off the page while it is shown (the app shell says noindex too). */
function useNoIndex(): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const before = meta?.content;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.appendChild(meta);
    }
    meta.content = 'noindex, nofollow';
    const el = meta;
    return () => {
      if (before === undefined) el.remove();
      else el.content = before;
    };
  }, []);
}

function Preview({ id }: { id: number }) {
  useNoIndex();
  const { data, error } = usePreview(id);
  // Related posts come from the public list, as on the public page: never other drafts.
  const list = useListPosts(1);
  const post = data?.data.post;
  const site = useSiteSettings();
  usePageMeta({
    title: `Preview${post ? `: ${post.title}` : ''} | ${site.name}`,
    description: 'Preview of a blog post as its public page will show it.',
    path: pageHref('preview', { id: String(id) }),
  });

  if (error)
    return (
      <div className="form-error" role="alert">
        <p>
          {error instanceof ApiError && error.status === 404
            ? 'This post does not exist any more.'
            : `The preview could not be loaded: ${error instanceof Error ? error.message : ''}`}
        </p>
        <Link to={pagePath('adminList')}>Back to the posts</Link>
      </div>
    );
  if (!data || !post) return <PostSkeleton />;
  return (
    <>
      <div className="preview-bar" role="note" aria-label="Preview">
        <span>
          Preview · <StatusBadge post={post} />
          {post.status === 'draft' && ' · not on the blog'}
          {post.status === 'scheduled' &&
            post.publish_at &&
            ` · goes live ${formatLocal(post.publish_at)}`}
        </span>
        <Link to={pageHref('postEditor', { slug: post.slug })}>Back to the editor</Link>
      </div>
      <PostArticle
        key={post.slug}
        post={post}
        prev={data.data.prev_post}
        next={data.data.next_post}
        inlineImages={data.data.inline_images}
        related={relatedPosts(list.data?.results ?? [], post.slug)}
        countViews={false}
      />
    </>
  );
}

/**
 * `/preview/:id`: any post, drafts and scheduled ones too, exactly as its public page will render it
 * (the same article component and sanitising), for admins only and never indexed.
 */
export default function PreviewPage() {
  const id = Number(useParams().id);
  return (
    <>
      <AdminStyles />
      <RequireAdmin>
        <div className="post-page">
          {Number.isInteger(id) && id > 0 ? (
            <Preview id={id} />
          ) : (
            <p role="alert">There is no such post.</p>
          )}
        </div>
      </RequireAdmin>
    </>
  );
}
