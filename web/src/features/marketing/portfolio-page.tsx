import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { portfolioMeta, portfolioPage } from '../../content/portfolio';
import { CtaBand, PortfolioGallery } from './deferred-sections';
import { pagePath } from '../../config/pages';

/** Portfolio page (spec 001 §2.5). */
export default function PortfolioPage() {
  usePageMeta(portfolioMeta);

  return (
    <>
      <HeroBanner
        title={portfolioPage.heading}
        breadcrumb={portfolioMeta.breadcrumb}
        parallax={0.5}
      />
      <PortfolioGallery />
      <CtaBand
        title="Want results like these?"
        text="Tell us about your project. We call back within 12 hours."
        action={{ label: 'Start a project', href: pagePath('contact') }}
        parallax={0.5}
      />
    </>
  );
}
