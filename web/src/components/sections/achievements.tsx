import { SectionShell } from './section-shell';
import './achievements.css';

export interface Achievement {
  /** The figure as shown ("10+", "250+"). */
  value: string;
  label: string;
  text?: string;
}

/** A row of headline figures. */
export function Achievements({
  heading,
  intro,
  items,
  id,
}: {
  heading: string;
  intro?: string;
  items: Achievement[];
  id?: string;
}) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="achievements">
      <ul className="achievements__list">
        {items.map((item) => (
          <li key={item.label} className="achievements__item">
            <p className="achievements__value">{item.value}</p>
            <h3 className="achievements__label">{item.label}</h3>
            {item.text && <p>{item.text}</p>}
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
