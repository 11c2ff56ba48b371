import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ScrollLink } from './action-link';
import { Icon, type IconName } from './icons';
import { SectionShell } from './section-shell';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import './benefit-tabs.css';

export interface TabCard {
  title: string;
  text: string;
  icon?: IconName;
}

export interface TabItem {
  title: string;
  paragraphs?: string[];
  bullets?: string[];
  /** A grid of cards inside the panel (the YouTube page's organic and paid service tabs). */
  cards?: TabCard[];
  icon?: IconName;
}

export interface BenefitTabsProps {
  heading?: string;
  intro?: string;
  items: TabItem[];
  /** 'vertical' puts the tab list beside the panel and uses Up/Down keys (web application page). */
  orientation?: 'horizontal' | 'vertical';
  /** When set, every panel ends with a link that scrolls to this element (the enquiry form). */
  contactAnchor?: string;
  contactLabel?: string;
  id?: string;
}

/**
 * ARIA tabs (automatic activation; arrows, Home, End). Under 768 px the tab list is a dropdown:
 * clicking the active tab opens or closes it, choosing another tab closes it (spec 001 §2.20).
 * Every panel is in the HTML; inactive ones are hidden.
 */
export function BenefitTabs({
  heading,
  intro,
  items,
  orientation = 'horizontal',
  contactAnchor,
  contactLabel = 'Get in touch',
  id,
}: BenefitTabsProps) {
  const [active, setActive] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pendingFocus = useRef<number | null>(null);
  const vertical = orientation === 'vertical';

  useEffect(() => {
    if (pendingFocus.current === null) return;
    tabRefs.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  }, [active, listOpen]);

  useEffect(() => {
    if (!isSmall) setListOpen(false);
  }, [isSmall]);

  const choose = (index: number) => {
    if (isSmall && index === active) {
      setListOpen((open) => !open);
      return;
    }
    setActive(index);
    setListOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const nextKey = vertical ? 'ArrowDown' : 'ArrowRight';
    const prevKey = vertical ? 'ArrowUp' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === nextKey) next = active >= last ? 0 : active + 1;
    else if (event.key === prevKey) next = active <= 0 ? last : active - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && listOpen) {
      setListOpen(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    pendingFocus.current = next;
    setActive(next);
    // A collapsed dropdown hides the other tabs: keep it open while the keyboard walks through them.
    if (isSmall) setListOpen(true);
  };

  const classes = [
    'tabs',
    vertical ? 'tabs--vertical' : '',
    isSmall ? 'tabs--dropdown' : '',
    listOpen ? 'tabs--open' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <SectionShell heading={heading} intro={intro} id={id} className="benefit-tabs">
      <div className={classes}>
        <div
          role="tablist"
          aria-orientation={vertical ? 'vertical' : 'horizontal'}
          aria-label={heading}
          className="tabs__list"
          onKeyDown={onKeyDown}
        >
          {items.map((item, index) => {
            const selected = index === active;
            return (
              <button
                key={item.title}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${baseId}t${index}`}
                aria-selected={selected}
                aria-controls={`${baseId}p${index}`}
                aria-expanded={isSmall && selected ? listOpen : undefined}
                tabIndex={selected ? 0 : -1}
                className="tabs__tab"
                onClick={() => choose(index)}
              >
                {item.title}
              </button>
            );
          })}
        </div>
        {items.map((item, index) => (
          <div
            key={item.title}
            role="tabpanel"
            id={`${baseId}p${index}`}
            aria-labelledby={`${baseId}t${index}`}
            tabIndex={0}
            hidden={index !== active}
            className="tabs__panel"
          >
            {item.icon && <Icon name={item.icon} className="tabs__icon" size={48} />}
            <h3 className="tabs__title">{item.title}</h3>
            {item.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {item.bullets && (
              <ul className="tabs__bullets">
                {item.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
            {item.cards && (
              <ul className="tabs__cards">
                {item.cards.map((card) => (
                  <li key={card.title} className="card">
                    {card.icon && <Icon name={card.icon} className="card__icon" />}
                    <h4 className="card__title">{card.title}</h4>
                    <p>{card.text}</p>
                  </li>
                ))}
              </ul>
            )}
            {contactAnchor && (
              <ScrollLink targetId={contactAnchor} className="btn btn--link">
                {contactLabel}
              </ScrollLink>
            )}
          </div>
        ))}
      </div>
    </SectionShell>
  );
}
