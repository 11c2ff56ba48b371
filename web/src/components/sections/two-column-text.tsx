import { ActionLink, type SectionAction } from './action-link';
import { Icon, type IconName } from './icons';
import { SectionShell } from './section-shell';
import './two-column-text.css';

export interface TwoColumnTextProps {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
  actions?: SectionAction[];
  /** Decorative icon drawn in the second column. */
  illustration?: IconName;
  /** Puts the illustration on the left. */
  reverse?: boolean;
  id?: string;
}

/** An explanatory block: heading, paragraphs, an optional list and buttons, beside a drawing. */
export function TwoColumnText({
  heading,
  paragraphs,
  bullets,
  actions,
  illustration,
  reverse,
  id,
}: TwoColumnTextProps) {
  const className = [
    'two-column',
    illustration ? 'two-column--art' : '',
    reverse ? 'two-column--reverse' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <SectionShell heading={heading} id={id} className={className}>
      <div className="two-column__grid">
        <div className="two-column__text">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {bullets && (
            <ul className="two-column__bullets">
              {bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          )}
          {actions && actions.length > 0 && (
            <p className="section__actions">
              {actions.map((action) => (
                <ActionLink key={action.label} action={action} />
              ))}
            </p>
          )}
        </div>
        {illustration && (
          <div className="two-column__art" aria-hidden="true">
            <Icon name={illustration} size={140} />
          </div>
        )}
      </div>
    </SectionShell>
  );
}
