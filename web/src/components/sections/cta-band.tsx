import { useId } from 'react';
import { ActionLink, type SectionAction } from './action-link';
import { useParallax } from '../../lib/parallax';
import './cta-band.css';

export interface CtaBandProps {
  title: string;
  text?: string;
  action: SectionAction;
  /** Parallax factor of the background (0.6 most pages, 0.3 branding, -0.6 development bands). */
  parallax?: number;
}

/** A full-width call-to-action strip with a parallax background. */
export function CtaBand({ title, text, action, parallax = 0.6 }: CtaBandProps) {
  const ref = useParallax<HTMLElement>(parallax);
  const headingId = useId();
  return (
    <section
      ref={ref}
      className="cta-band"
      aria-labelledby={headingId}
      // The page script moves the background of a public page (no React there).
      data-parallax={parallax}
    >
      <div className="cta-band__inner">
        <div>
          <h2 id={headingId} className="cta-band__title">
            {title}
          </h2>
          {text && <p className="cta-band__text">{text}</p>}
        </div>
        <ActionLink action={action} className="btn btn--light" />
      </div>
    </section>
  );
}
