import { officeTel, type BlockOf, type SiteSettings } from '@agency/shared';
import { blockPageLinks } from '../../config/pages';
import { useSiteSettings } from '../../lib/site-settings';
import { escapeHtml } from '../../lib/html';

type LegalSection = BlockOf<'legal'>['sections'][number];

/** "June 15, 2021" of `2021-06-15`, in UTC so the server render and the browser agree. */
export function legalDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** The ways to write or call, from the site settings: the e-mail, the contact page, each office's phone. */
function contactList(site: Pick<SiteSettings, 'email' | 'offices'>): string {
  const email = escapeHtml(site.email);
  const phones = site.offices.map(
    (o) =>
      `<li>By phone (${escapeHtml(o.city)}): <a href="${escapeHtml(officeTel(o))}">${escapeHtml(o.phone)}</a></li>`,
  );
  // The contact page's link as React Router's <Link> writes it (it was one before pages were data).
  return (
    `<ul><li>By e-mail: <a href="mailto:${email}">${email}</a></li>` +
    `<li>By visiting our <a href="${blockPageLinks.contact}" data-discover="true">contact page</a></li>` +
    `${phones.join('')}</ul>`
  );
}

/**
 * A section's HTML: its heading, its rich text (as stored: the API writes Quill's lists as lists)
 * and, when it asks for them, the ways to contact us. One string, so the text's paragraphs are the
 * section's own children, as the legal layout's CSS expects.
 */
export function legalSectionHtml(
  section: LegalSection,
  site: Pick<SiteSettings, 'email' | 'offices'>,
): string {
  const id = escapeHtml(section.id);
  return (
    `<h2 id="${id}-h">${escapeHtml(section.heading)}</h2>` +
    section.body +
    (section.contact ? contactList(site) : '')
  );
}

/**
 * A legal document (the privacy policy): when it last changed, its introduction, its contents (a
 * link to each section) and its sections, each headed and reachable by its id.
 */
export function LegalBlock({ block }: { block: BlockOf<'legal'> }) {
  const site = useSiteSettings();
  return (
    <div id={block.sectionId} className="section legal">
      <div className="container legal__inner">
        <p className="legal__updated">
          Last updated: <time dateTime={block.lastUpdated}>{legalDate(block.lastUpdated)}</time>
        </p>
        {block.intro && <p>{block.intro}</p>}
        <nav aria-label="Policy sections" className="legal__toc">
          <ol>
            {block.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {block.sections.map((s) => (
          <section
            key={s.id}
            id={s.id}
            aria-labelledby={`${s.id}-h`}
            dangerouslySetInnerHTML={{ __html: legalSectionHtml(s, site) }}
          />
        ))}
      </div>
    </div>
  );
}
