import { useId } from 'react';
import { ActionLink, type SectionAction } from './action-link';
import { Breadcrumb, type Crumb } from './breadcrumb';
import { Icon, type IconName } from './icons';
import { useParallax } from '../../lib/parallax';
import './hero-banner.css';

export interface HeroBannerProps {
  /** The page's only h1. */
  title: string;
  subtitle?: string;
  breadcrumb?: Crumb[];
  action?: SectionAction;
  icon?: IconName;
  parallax?: number;
}

/** The banner at the top of a landing page: breadcrumb, h1, subtitle, a button, parallax background. */
export function HeroBanner({
  title,
  subtitle,
  breadcrumb,
  action,
  icon,
  parallax = 0.6,
}: HeroBannerProps) {
  const ref = useParallax<HTMLElement>(parallax);
  const headingId = useId();
  return (
    <section
      ref={ref}
      className="hero-banner"
      aria-labelledby={headingId}
      // The page script moves the background of a public page (no React there).
      data-parallax={parallax}
    >
      <div className="hero-banner__inner">
        <div className="hero-banner__text">
          {breadcrumb && <Breadcrumb items={breadcrumb} className="breadcrumb--light" />}
          <h1 id={headingId} className="hero-banner__title">
            {title}
          </h1>
          {subtitle && <p className="hero-banner__subtitle">{subtitle}</p>}
          {action && <ActionLink action={action} className="btn btn--light" />}
        </div>
        {icon && (
          <div className="hero-banner__art" aria-hidden="true">
            <Icon name={icon} size={120} />
          </div>
        )}
      </div>
    </section>
  );
}
