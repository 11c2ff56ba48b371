import { useId, useState } from 'react';
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
 * Questions and answers, one answer open at a time and the first open initially (spec 001 §2.20).
 * Closed answers stay in the HTML (hidden) so the prerendered page carries every answer.
 */
export function FaqAccordion({ items, heading, id }: FaqAccordionProps) {
  const [open, setOpen] = useState<number | null>(items.length > 0 ? 0 : null);
  const baseId = useId();
  return (
    <SectionShell heading={heading} id={id} className="faq">
      <div className="faq__list">
        {items.map((item, index) => {
          const isOpen = open === index;
          const buttonId = `${baseId}q${index}`;
          const panelId = `${baseId}a${index}`;
          return (
            <div key={item.question} className={isOpen ? 'faq__item faq__item--open' : 'faq__item'}>
              <h3 className="faq__question">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                >
                  <span>{item.question}</span>
                  <span className="faq__sign" aria-hidden="true" />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className="faq__answer"
                hidden={!isOpen}
              >
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </SectionShell>
  );
}
