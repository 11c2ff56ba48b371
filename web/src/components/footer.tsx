import { Link } from 'react-router';
import { SOCIAL_LINK_KINDS } from '@agency/shared';
import { safeLinks } from '../lib/safe-links';
import { useSiteSettings } from '../lib/site-settings';
import { MailIcon, SocialIcon } from './icons';
import { OfficeAddress } from './office-address';

/** One column of links under its heading. */
function FooterLinks({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: readonly { href: string; label: string }[];
}) {
  return (
    <nav className="site-footer__links" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul>
        {safeLinks(links).map((l) => (
          <li key={l.href}>
            <Link to={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Site footer: about text, social links, service and quick links, both offices, e-mail and copyright. */
export function Footer() {
  const site = useSiteSettings();
  // The services menu's own pages (its links to parts of the overview stay in the menu).
  const footerServices = site.serviceGroups.flatMap((g) =>
    g.links.filter((l) => !l.href.includes('#')),
  );
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            About {site.name}
          </h2>
          <p>{site.description}</p>
          <ul className="site-footer__social" aria-label="Social media">
            {safeLinks(site.social, SOCIAL_LINK_KINDS).map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.name} (opens in a new tab)`}
                >
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <FooterLinks id="footer-services" heading="Services" links={footerServices} />
        <FooterLinks id="footer-quick" heading="Quick links" links={site.quickLinks} />
        <section className="site-footer__offices" aria-labelledby="footer-offices">
          <h2 id="footer-offices" className="site-footer__heading">
            Our offices
          </h2>
          {site.offices.map((o) => (
            <OfficeAddress
              key={o.city}
              office={o}
              className="site-footer__office"
              heading="strong"
            />
          ))}
          <a className="site-footer__email" href={`mailto:${site.email}`}>
            <MailIcon /> {site.email}
          </a>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p className="container">
          © <span suppressHydrationWarning>{year}</span> {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
