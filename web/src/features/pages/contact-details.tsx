import type { BlockOf } from '@agency/shared';
import { MailIcon } from '../../components/icons';
import { OfficeAddress } from '../../components/office-address';
import { env } from '../../lib/env';
import { useSiteSettings } from '../../lib/site-settings';
import { EnquiryForm, OfficeMap } from './deferred-blocks';

/** The contact page's body: the enquiry form beside the offices and e-mail (from the site settings), then the first office's map. */
export function ContactDetails({ block }: { block: BlockOf<'contactDetails'> }) {
  const site = useSiteSettings();
  const [first] = site.offices;
  return (
    <>
      <section className="section contact" aria-label="Enquiry and contact details">
        <div className="container contact__grid">
          <EnquiryForm id="contact-form" heading={block.formHeading} />
          <aside className="contact__info" aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading">{block.infoHeading}</h2>
            <div className="contact__promise">
              <strong>{block.promise}</strong>
              <p>{block.promiseText}</p>
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
            {block.mapHeading}
          </h2>
          {first && <OfficeMap office={first} apiKey={env.VITE_GOOGLE_MAPS_KEY} />}
        </div>
      </section>
    </>
  );
}
