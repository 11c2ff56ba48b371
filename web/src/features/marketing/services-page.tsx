import { deferred } from '../../lib/deferred';
import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { servicesMeta, servicesPage } from '../../content/services-overview';

const ServicesSections = deferred('services', () => import('./services-sections'));

/** Services overview (spec 001 §2.4): five numbered blocks with anchors, process, core services, enquiry. */
export default function ServicesPage() {
  usePageMeta(servicesMeta);
  return (
    <>
      <HeroBanner
        title={servicesPage.heading}
        subtitle={servicesPage.intro}
        breadcrumb={servicesMeta.breadcrumb}
        parallax={0.5}
      />
      <ServicesSections />
    </>
  );
}
