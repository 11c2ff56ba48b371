import { deferred } from '../../lib/deferred';
import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { contactMeta, contactPage } from '../../content/misc-pages';

const ContactSections = deferred('contact', () => import('./contact-sections'));

/** Contact page (spec 000 §2): map, enquiry form with captcha, contact information and the 12-hour promise. */
export default function ContactPage() {
  usePageMeta(contactMeta);
  return (
    <>
      <HeroBanner
        title={contactPage.title}
        subtitle={contactPage.subtitle}
        breadcrumb={contactMeta.breadcrumb}
        parallax={0.5}
      />
      <ContactSections />
    </>
  );
}
