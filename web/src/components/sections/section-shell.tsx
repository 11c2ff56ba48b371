import { useId, type ReactNode } from 'react';
import './sections.css';

interface SectionShellProps {
  heading?: string;
  intro?: string;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/** The frame every content section shares: a labelled <section>, a centred container, an h2 and an optional intro. */
export function SectionShell({ heading, intro, id, className, children }: SectionShellProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={['section', className].filter(Boolean).join(' ')}
      aria-labelledby={heading ? headingId : undefined}
    >
      <div className="section__inner">
        {heading && (
          <h2 id={headingId} className="section__heading">
            {heading}
          </h2>
        )}
        {intro && <p className="section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** The band a page's enquiry form sits in: the shared section padding and container, on the surface colour. */
export function FormBand({ children }: { children: ReactNode }) {
  return (
    <div className="section section--form">
      <div className="container">{children}</div>
    </div>
  );
}
