import { useLocation } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import ServiceLandingPage, { useServiceLanding } from './service-landing-page';

/** Route element of a service landing path: declares the page's metadata, then renders the landing page. */
export default function ServiceLandingRoute() {
  const { pathname } = useLocation();
  usePageMeta(useServiceLanding(pathname)?.meta);
  return <ServiceLandingPage />;
}
