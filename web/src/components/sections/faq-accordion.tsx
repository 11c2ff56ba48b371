import { useId } from 'react';
import { SectionShell } from './section-shell';
import './faq-accordion.css';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqAccordionProps {
  items: FaqItem[];
  heading?: string;
  id?: string;
}

/**
 * Questions and answers, one answer open at a time and the first open initially (spec 001 §2.20),
 * as the browser's own disclosure widgets: `<details>` sharing one `name` form an exclusive
 * accordion (opening one closes the others), so the section needs no script, answers open before
 * any script has loaded and with none at all, and a click costs no framework work. Every answer is
 * in the HTML; the browser's find-in-page opens the one it finds. A browser without exclusive
 * `<details>` (Safari before 17.2, Firefox before 130) lets several stay open, and nothing else
 * changes.
 */
export function FaqAccordion({ items, heading, id }: FaqAccordionProps) {
  const group = useId();
  return (
    <SectionShell heading={heading} id={id} className="faq">
      <div className="faq__list">
        {items.map((item, index) => (
          <details key={item.question} name={group} open={index === 0} className="faq__item">
            <summary className="faq__question">
              <h3>{item.question}</h3>
              <span className="faq__sign" aria-hidden="true" />
            </summary>
            <div className="faq__answer">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
