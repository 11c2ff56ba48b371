import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { servicesMeta, servicesPage } from '../../content/services-overview';
import { Link } from 'react-router';
import {
  ClientCarousel,
  CtaBand,
  EnquiryForm,
  ProcessStepper,
  ServiceGrid,
} from './deferred-sections';
import { FormBand } from '../../components/sections/section-shell';

const ENQUIRY_ID = 'services-enquiry';

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
      <div className="service-blocks">
        {servicesPage.blocks.map((block, i) => (
          <section
            key={block.anchor}
            id={block.anchor}
            className={`service-block${i % 2 ? ' service-block--reverse' : ''}`}
            aria-labelledby={`${block.anchor}-title`}
            data-reveal
          >
            <div className="container service-block__inner">
              <div className="service-block__text">
                <span className="service-block__number" aria-hidden="true">
                  {block.number}
                </span>
                <h2 id={`${block.anchor}-title`} className="section__heading">
                  {block.title}
                </h2>
                <blockquote className="service-block__quote">
                  <p>{block.quote}</p>
                </blockquote>
                <p>{block.text}</p>
                <ul className="service-block__links">
                  {block.links.map((l) => (
                    <li key={l.href}>
                      <Link to={l.href}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
              <img
                className="service-block__image"
                src={block.image.src}
                width={block.image.width}
                height={block.image.height}
                alt={block.image.alt}
                loading="lazy"
                decoding="async"
              />
            </div>
          </section>
        ))}
      </div>
      <ProcessStepper heading={servicesPage.process.heading} steps={servicesPage.process.steps} />
      <div data-reveal>
        <ServiceGrid
          heading={servicesPage.core.heading}
          items={servicesPage.core.items}
          id="core-service-section"
        />
      </div>
      <ClientCarousel />
      <CtaBand
        title={servicesPage.cta.title}
        text={servicesPage.cta.text}
        action={{ label: servicesPage.cta.action.label, scrollTo: ENQUIRY_ID }}
        parallax={0.5}
      />
      <FormBand>
        <EnquiryForm id={ENQUIRY_ID} heading="Tell us about your project" />
      </FormBand>
    </>
  );
}
