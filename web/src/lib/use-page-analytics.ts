import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageView, whenShown } from './beacon';
import { addToJourney } from './visit-journey';

/**
 * Each client-side navigation is a page view (the beacon ends the page before) and a page of the
 * visit's journey; the page load's own view is the boot script's, and repeats of a path are ignored.
 */
export function usePageAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    whenShown(() => {
      addToJourney(pathname);
      pageView(pathname);
    });
  }, [pathname]);
}
