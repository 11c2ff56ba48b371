import { CtaBand } from '../../components/sections/cta-band';
import { PortfolioGallery } from '../portfolio/portfolio-gallery';

/** The portfolio page after the hero (spec 001 §2.5), hydrated when it is seen. */
export default function PortfolioSections() {
  return (
    <>
      <PortfolioGallery />
      <CtaBand
        title="Want results like these?"
        text="Tell us about your project. We call back within 12 hours."
        action={{ label: 'Start a project', href: '/contact' }}
        parallax={0.5}
      />
    </>
  );
}
