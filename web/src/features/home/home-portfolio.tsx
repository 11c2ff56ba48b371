import { Link } from 'react-router';
import { Carousel } from '../../components/carousel';
import type { PortfolioItem } from '../portfolio/portfolio-item';
import { PortfolioThumb } from '../portfolio/portfolio-thumb';
import { blockPageLinks } from '../../config/pages';

/** The home page's carousel of recent projects (spec 001 §2.2), with a link to the portfolio. */
export function HomePortfolioCarousel({
  heading,
  items,
}: {
  heading: string;
  items: readonly PortfolioItem[];
}) {
  return (
    <section
      className="section home-portfolio"
      aria-labelledby="home-portfolio-heading"
      data-reveal
    >
      <div className="container">
        <h2 id="home-portfolio-heading" className="section__heading">
          {heading}
        </h2>
        <Carousel
          label="Recent projects"
          perView={1}
          breakpoints={[
            { minWidth: 600, perView: 2 },
            { minWidth: 1000, perView: 3 },
          ]}
          spacing={24}
          loop={false}
          slides={items.map((item) => (
            <figure key={item.id} className="work-card">
              <PortfolioThumb item={item} />
              <figcaption>
                <span className="work-card__category">{item.category}</span>
                <span className="work-card__name">{item.name}</span>
              </figcaption>
            </figure>
          ))}
        />
        <p className="section__actions">
          <Link to={blockPageLinks.portfolio} className="btn btn--outline">
            See our portfolio
          </Link>
        </p>
      </div>
    </section>
  );
}
