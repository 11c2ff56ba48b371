import { SectionShell } from './section-shell';
import { toolMark } from './tool-marks';
import './tech-list.css';

export interface TechListProps {
  heading?: string;
  intro?: string;
  items: string[];
  id?: string;
}

/** Technology and tool names, each beside its own mark (decorative: the name is the label). */
export function TechList({ heading = 'Technologies', intro, items, id }: TechListProps) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="tech-list">
      <ul className="tech-list__items">
        {items.map((name) => {
          const mark = toolMark(name);
          return (
            <li key={name} className="tech-list__item">
              {mark && (
                <img src={mark} width="44" height="44" alt="" loading="lazy" decoding="async" />
              )}
              <span>{name}</span>
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
}
