import { SectionShell } from './section-shell';
import './tech-list.css';

export interface TechListProps {
  heading?: string;
  intro?: string;
  items: string[];
  id?: string;
}

// Dark enough for white letters at AA contrast.
const BADGE_COLOURS = [
  '#1f4e79',
  '#7a2e1f',
  '#2d5a3d',
  '#5b2c6f',
  '#8a3b12',
  '#234e52',
  '#3b3f8f',
  '#6b2946',
];

/** Up to two letters: the initials of the first words ("Google Analytics" → "GA", "Laravel" → "La"). */
export function monogram(name: string): string {
  const words = name
    .replace(/[()]/g, ' ')
    .split(/[\s/&.-]+/)
    .filter(Boolean);
  const first = words[0] ?? '?';
  const second = words[1];
  if (second) return `${first.charAt(0)}${second.charAt(0)}`.toUpperCase();
  return `${first.charAt(0).toUpperCase()}${first.charAt(1).toLowerCase()}`;
}

/** A stable colour per name, so a technology looks the same on every page. */
export function badgeColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return BADGE_COLOURS[hash % BADGE_COLOURS.length] ?? '#1f4e79';
}

/** Technology and tool names, each with a small monogram badge drawn in SVG. */
export function TechList({ heading = 'Technologies', intro, items, id }: TechListProps) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="tech-list">
      <ul className="tech-list__items">
        {items.map((name) => (
          <li key={name} className="tech-list__item">
            <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
              <rect width="44" height="44" rx="12" fill={badgeColour(name)} />
              <text
                x="22"
                y="28"
                textAnchor="middle"
                fontSize="16"
                fontWeight="700"
                fill="#fff"
                fontFamily="system-ui, sans-serif"
              >
                {monogram(name)}
              </text>
            </svg>
            <span>{name}</span>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
