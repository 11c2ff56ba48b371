import type { BlockOf } from '@agency/shared';
import { FaqAccordion } from '../../components/sections/faq-accordion';

/** FAQ blocks that follow each other: side by side in one section on wide screens (the home page's two). */
export function FaqGroup({ blocks }: { blocks: readonly BlockOf<'faq'>[] }) {
  return (
    <section className="home-faq" aria-label="Frequently asked questions" data-reveal>
      {blocks.map((b) => (
        <FaqAccordion key={b.id} heading={b.heading} items={b.items} id={b.sectionId} />
      ))}
    </section>
  );
}
