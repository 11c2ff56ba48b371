import { balancedGridStyle } from './balanced-grid';
import { ActionLink, type SectionAction } from './action-link';
import { Icon } from './icons';
import { SectionShell } from './section-shell';
import './why-choose-us.css';

export interface WhyPoint {
  title: string;
  text: string;
}

export interface WhyChooseUsProps {
  heading: string;
  intro?: string;
  points: WhyPoint[];
  action?: SectionAction;
  id?: string;
}

/** The agency's reasons, as a checked list, with an optional button. */
export function WhyChooseUs({ heading, intro, points, action, id }: WhyChooseUsProps) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="why-choose-us">
      <ul className="why-choose-us__list balanced-grid" style={balancedGridStyle(points.length)}>
        {points.map((point) => (
          <li key={point.title}>
            <Icon name="check" size={28} className="why-choose-us__tick" />
            <div>
              <h3 className="why-choose-us__title">{point.title}</h3>
              <p>{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
      {action && (
        <p className="section__actions">
          <ActionLink action={action} />
        </p>
      )}
    </SectionShell>
  );
}
