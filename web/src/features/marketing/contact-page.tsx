import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { contactMeta, contactPage } from '../../content/misc-pages';
import { MailIcon } from '../../components/icons';
import { OfficeAddress } from '../../components/office-address';
import { site } from '../../config/site';
import { env } from '../../lib/env';
import { EnquiryForm, OfficeMap } from './deferred-sections';

/** Contact page (spec 000 §2): map, enquiry form with captcha, contact information and the 12-hour promise. */
export default function ContactPage() {
  usePageMeta(contactMeta);

  const [chennai] = site.offices;
  return (
    <>
      <HeroBanner
        title={contactPage.title}
        subtitle={contactPage.subtitle}
        breadcrumb={contactMeta.breadcrumb}
        parallax={0.5}
      />
      <section className="section contact" aria-label="Enquiry and contact details">
        <div className="container contact__grid">
          <EnquiryForm id="contact-form" heading={contactPage.formHeading} />
          <aside className="contact__info" aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading">{contactPage.infoHeading}</h2>
            <div className="contact__promise">
              <strong>{contactPage.promise}</strong>
              <p>{contactPage.promiseText}</p>
            </div>
            {site.offices.map((o) => (
              <OfficeAddress key={o.city} office={o} className="contact__office" heading="h3" />
            ))}
            <p>
              <a href={`mailto:${site.email}`}>
                <MailIcon /> {site.email}
              </a>
            </p>
          </aside>
        </div>
      </section>
      <section className="section contact-map" aria-labelledby="contact-map-heading">
        <div className="container">
          <h2 id="contact-map-heading" className="section__heading">
            {contactPage.mapHeading}
          </h2>
          {chennai && <OfficeMap office={chennai} apiKey={env.VITE_GOOGLE_MAPS_KEY} />}
        </div>
      </section>
    </>
  );
}
