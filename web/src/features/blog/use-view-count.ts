import { useEffect, useState } from 'react';
import { TIMINGS } from '@agency/shared';
import { countView, rememberCount, rememberedCount, rememberView } from './view-count';
import { whenShown } from '../../lib/beacon';

/**
 * Count one view per browser per post: about 200 ms after the post is shown, a slug not yet remembered
 * is remembered and the server counts it; the returned count replaces the shown one, and is kept, so a
 * later visit shows at least that count even when the page is a copy from before the view. A page the
 * browser prerenders counts only once it is shown (its 200 ms start then).
 */
export function useViewCount(slug: string | null, storedViews: number): number {
  const [counted, setCounted] = useState<{ slug: string; views: number } | null>(null);
  useEffect(() => {
    if (slug === null) return;
    let alive = true;
    let timer = 0;
    const count = () => {
      const storage = window.localStorage;
      if (!rememberView(slug, storage)) {
        // Counted on an earlier visit: show at least the count the server answered then.
        const known = rememberedCount(slug, storage);
        if (known !== null) setCounted({ slug, views: known });
        return;
      }
      countView(slug)
        .then((views) => {
          if (views === null) return;
          rememberCount(slug, views, storage);
          if (alive) setCounted({ slug, views });
        })
        .catch(() => {
          // The shown count stays the stored one; the visit is not worth an error message.
        });
    };
    whenShown(() => {
      if (alive) timer = window.setTimeout(count, TIMINGS.viewCountDelayMs);
    });
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [slug]);
  // The higher of the two: the page may be a fresher copy than the count this browser kept.
  return counted && counted.slug === slug ? Math.max(counted.views, storedViews) : storedViews;
}
