import { use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HeroBanner } from '../../components/sections/hero-banner';
import {
  isServiceLanding,
  loadedServiceLanding,
  loadServiceLanding,
} from '../../content/services/load';
import type { ServiceLandingContent } from '../../content/services/types';
import { deferred } from '../../lib/deferred';

const ServiceLandingSections = deferred(
  'service-landing',
  () => import('./service-landing-sections'),
);

/** A service landing page from its content: the hero, then the rest, whose code loads when it is seen. */
export function ServiceLanding({ content }: { content: ServiceLandingContent }) {
  const hero = content.sections.find((section) => section.kind === 'hero');
  return (
    <div className="service-landing">
      {hero && (
        <HeroBanner
          title={hero.title}
          subtitle={hero.subtitle}
          icon={hero.icon}
          action={hero.action}
          parallax={hero.parallax}
          breadcrumb={content.meta.breadcrumb}
        />
      )}
      <ServiceLandingSections content={content} />
    </div>
  );
}

/**
 * The content of the landing page at a path, or undefined for any other path. Each page's content is
 * its own chunk: preloaded before hydration, or suspending until it arrives on a client navigation.
 */
export function useServiceLanding(pathname: string): ServiceLandingContent | undefined {
  if (!isServiceLanding(pathname)) return undefined;
  return loadedServiceLanding(pathname) ?? use(loadServiceLanding(pathname));
}

/** The landing page of the current path. */
export default function ServiceLandingPage() {
  const { pathname } = useLocation();
  const content = useServiceLanding(pathname);
  if (!content) return <Navigate to="/404" replace />;
  return <ServiceLanding content={content} />;
}
