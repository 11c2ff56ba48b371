import type { CSSProperties } from 'react';
import { ActionLink, type SectionAction } from './action-link';
import { Icon, type IconName } from './icons';
import { SectionShell } from './section-shell';
import './service-grid.css';

export interface ServiceCard {
  title: string;
  text: string;
  icon?: IconName;
  action?: SectionAction;
}

/** The closing call-to-action tile of a grid ("What services are you looking for?", "Contact us now"). */
export interface FinalCard {
  title: string;
  text?: string;
  action: SectionAction;
}

export interface ServiceGridProps {
  heading: string;
  intro?: string;
  items: ServiceCard[];
  finalCard?: FinalCard;
  /** A button under the grid (e.g. "Contact Us" to /contact). */
  action?: SectionAction;
  id?: string;
}

/**
 * How many cards a full-width row holds so that no row is left with a lone tile: up to four, or the
 * three or four that leaves the fewest gaps in the last row (six → 3 + 3, five → 3 + 2, seven → 4 + 3).
 * A last row that is still short is centred by the CSS.
 */
export function balancedColumns(count: number, max = 4): number {
  if (count <= max) return Math.max(1, count);
  let best = max;
  for (let columns = max; columns >= 3; columns--) {
    const gaps = (columns - (count % columns)) % columns;
    const bestGaps = (best - (count % best)) % best;
    if (gaps < bestGaps) best = columns;
  }
  return best;
}

type GridStyle = CSSProperties & { '--grid-columns': number };

/** Cards of services, features or benefits, optionally closed by a call-to-action card. */
export function ServiceGrid({ heading, intro, items, finalCard, action, id }: ServiceGridProps) {
  const style: GridStyle = {
    '--grid-columns': balancedColumns(items.length + (finalCard ? 1 : 0)),
  };
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="service-grid">
      <ul className="service-grid__list" style={style}>
        {items.map((item) => (
          <li key={item.title} className="card">
            {item.icon && <Icon name={item.icon} className="card__icon" />}
            <h3 className="card__title">{item.title}</h3>
            <p>{item.text}</p>
            {item.action && <ActionLink action={item.action} className="btn btn--link" />}
          </li>
        ))}
        {finalCard && (
          <li className="card card--cta">
            <h3 className="card__title">{finalCard.title}</h3>
            {finalCard.text && <p>{finalCard.text}</p>}
            <ActionLink action={finalCard.action} className="btn btn--light" />
          </li>
        )}
      </ul>
      {action && (
        <p className="section__actions">
          <ActionLink action={action} />
        </p>
      )}
    </SectionShell>
  );
}
