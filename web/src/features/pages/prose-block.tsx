import { useId } from 'react';
import type { BlockOf } from '@agency/shared';
import { escapeHtml } from '../../lib/html';
import '../../components/sections/sections.css';

/**
 * Rich text (sanitised by the API when saved): a section with the heading, the text following it
 * directly (`story` is the about page's story). The heading is written into the same HTML as the
 * text, so the text's paragraphs sit beside it as the section's own children (the API stores lists
 * as lists, whatever format the editor sent).
 */
export function ProseBlock({ block }: { block: BlockOf<'prose'> }) {
  const headingId = useId();
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
