import { balancedGridStyle } from './balanced-grid';
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

/** Cards of services, features or benefits, optionally closed by a call-to-action card. */
export function ServiceGrid({ heading, intro, items, finalCard, action, id }: ServiceGridProps) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="service-grid">
      <ul
        className="service-grid__list balanced-grid"
        style={balancedGridStyle(items.length + (finalCard ? 1 : 0))}
      >
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
