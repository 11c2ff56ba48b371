import { useLocation } from 'react-router';
import type { PageMeta } from '../../lib/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { findServiceLanding, serviceLandings } from '../../content/services';
import ServiceLandingPage from '../services/service-landing-page';

/** Metadata of the eleven service landing pages (for the prerender and sitemap). */
export function serviceLandingMeta(): PageMeta[] {
  return Object.values(serviceLandings).map((l) => l.meta);
}

/** Route element of a service landing path: declares the page's metadata, then renders W2's landing page. */
export default function ServiceLandingRoute() {
  const { pathname } = useLocation();
  usePageMeta(findServiceLanding(pathname)?.meta);
  return <ServiceLandingPage />;
}
