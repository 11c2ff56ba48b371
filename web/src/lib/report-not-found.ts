import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { normaliseRedirectPath, NOT_FOUND_LOG, reservedReason } from '@agency/shared';
import { apiRoutes, apiUrl } from './api-routes';

/** The origin of the page that linked here (the API keeps only its host), or nothing. */
export function referrerOrigin(referrer: string): string | undefined {
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tell the 404 log that `path` was asked for: one small request sent without cookies and without
 * waiting (`keepalive` lets it finish when the visitor leaves at once). Nothing it meets, an outage
 * or a refusal, reaches the page.
 */
export function reportNotFound(path: string, referrer: string): void {
  // Reserved addresses (the admin area, the API, the site's own files) are never redirected: a
  // miss there is not the log's business.
  const reserved = reservedReason(normaliseRedirectPath(path)) !== null;
  if (reserved || path.length > NOT_FOUND_LOG.pathMax) return;
  const origin = referrerOrigin(referrer);
  try {
    fetch(apiUrl('reportNotFound'), {
      method: apiRoutes.reportNotFound.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(origin ? { path, referrer: origin } : { path }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser that refuses the request: the log misses one visit, the page is unaffected.
  }
}

/** The page view last reported (history entry and path), so a re-run effect reports it once. */
let reported: string | null = null;

/**
 * Report the path a not-found page is shown at, once per page view, after it has rendered. Only
 * browsers that run the page's script report, so crawlers that run none are not counted. The first
 * page of a visit names the site that linked to it; a page reached inside the site names this site.
 */
export function useReportNotFound(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    const view = `${key} ${pathname}`;
    if (reported === view) return;
    reported = view;
    reportNotFound(pathname, key === 'default' ? document.referrer : window.location.origin);
  }, [key, pathname]);
}
