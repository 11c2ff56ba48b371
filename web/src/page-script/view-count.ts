import { scheduleViewCount } from '../features/blog/view-count';

/** The slug of the post at a path: its last segment (`/blog/:slug`, or the career article's `/:slug`). */
export function postSlug(pathname: string): string | null {
  const last = pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return null;
  }
}

/**
 * On a post page (its `.post__views` line, features/blog/post-article.tsx), count this browser's view
 * and show the count: the higher of the page's own and the one the server answered.
 */
export function startViewCount(doc: Document): void {
  const line = doc.querySelector('article.post .post__views');
  const slug = postSlug(window.location.pathname);
  if (!line || slug === null) return;
  const stored = Number.parseInt(line.textContent ?? '', 10) || 0;
  scheduleViewCount(slug, (views) => {
    line.textContent = `${Math.max(views, stored)} views`;
  });
}
