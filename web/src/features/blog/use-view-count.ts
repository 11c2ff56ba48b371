import { useEffect, useState } from 'react';
import { scheduleViewCount } from './view-count';

/**
 * The views to show for a post, counting this browser's view once (see `scheduleViewCount`): the
 * count the server answered replaces the stored one, the higher of the two winning, since the page
 * may be a fresher copy than the count this browser kept.
 */
export function useViewCount(slug: string | null, storedViews: number): number {
  const [counted, setCounted] = useState<{ slug: string; views: number } | null>(null);
  useEffect(() => {
    if (slug === null) return;
    return scheduleViewCount(slug, (views) => setCounted({ slug, views }));
  }, [slug]);
  return counted && counted.slug === slug ? Math.max(counted.views, storedViews) : storedViews;
}
