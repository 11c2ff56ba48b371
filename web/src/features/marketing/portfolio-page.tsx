import { deferred } from '../../lib/deferred';
import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { portfolioMeta, portfolioPage } from '../../content/portfolio';

const PortfolioSections = deferred('portfolio', () => import('./portfolio-sections'));

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
      <PortfolioSections />
    </>
  );
}
