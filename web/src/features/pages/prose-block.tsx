import { useId } from 'react';
import type { BlockOf } from '@agency/shared';
import '../../components/sections/sections.css';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Rich text (sanitised by the API when saved). `legal`: a document with its own headings, contents
 * and sections in the legal layout; otherwise a section with the heading, the text following it
 * directly (`story` is the about page's story). The heading is written into the same HTML as the
 * text, so the text's paragraphs sit beside it as the section's own children.
 */
export function ProseBlock({ block }: { block: BlockOf<'prose'> }) {
  const headingId = useId();
  if (block.variant === 'legal')
    return (
      <article id={block.sectionId} className="section legal">
        <div className="container legal__inner" dangerouslySetInnerHTML={{ __html: block.body }} />
      </article>
    );
  const heading = block.heading
    ? `<h2 id="${escapeHtml(headingId)}" class="section__heading">${escapeHtml(block.heading)}</h2>`
    : '';
  return (
    <section
      id={block.sectionId}
      className={`section ${block.variant === 'story' ? 'about-story' : 'prose'}`}
      aria-labelledby={block.heading ? headingId : undefined}
    >
      <div className="section__inner" dangerouslySetInnerHTML={{ __html: heading + block.body }} />
    </section>
  );
}
