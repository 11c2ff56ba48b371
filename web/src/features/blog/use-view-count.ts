import { useEffect, useState } from 'react';
import { TIMINGS } from '@agency/shared';
import { countView, rememberView } from './view-count';

/**
 * Count one view per browser per post: about 200 ms after the post is shown, a slug not yet remembered
 * is remembered and the server counts it; the returned count replaces the shown one.
 */
export function useViewCount(slug: string | null, storedViews: number): number {
  const [counted, setCounted] = useState<{ slug: string; views: number } | null>(null);
  useEffect(() => {
    if (slug === null) return;
    let alive = true;
    const timer = window.setTimeout(() => {
      if (!rememberView(slug, window.localStorage)) return;
      countView(slug)
        .then((views) => {
          if (alive && views !== null) setCounted({ slug, views });
        })
        .catch(() => {
          // The shown count stays the stored one; the visit is not worth an error message.
        });
    }, TIMINGS.viewCountDelayMs);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [slug]);
  return counted && counted.slug === slug ? counted.views : storedViews;
}
