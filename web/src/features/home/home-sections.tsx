import { Link } from 'react-router';
import { ClientCarousel } from '../../components/sections/client-carousel';
import { CtaBand } from '../../components/sections/cta-band';
import { FaqAccordion } from '../../components/sections/faq-accordion';
import { ServiceGrid } from '../../components/sections/service-grid';
import { Testimonials } from '../../components/sections/testimonials';
import { Carousel } from '../../components/carousel';
import {
  developmentFaq,
  homeCta,
  homeSections,
  homeServices,
  marketingFaq,
} from '../../content/home';
import { portfolioItems } from '../../content/portfolio';
import { testimonials } from '../../content/testimonials';
import EnquiryForm from '../enquiry/enquiry-form';
import { BlogTeaser } from './blog-teaser';

/** Where the home page's call-to-action scrolls to. */
export const HOME_ENQUIRY_ID = 'home-enquiry';

function PortfolioCarousel() {
  return (
    <section
      className="section home-portfolio"
      aria-labelledby="home-portfolio-heading"
      data-reveal
    >
      <div className="container">
        <h2 id="home-portfolio-heading" className="section__heading">
          {homeSections.portfolioHeading}
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
          slides={portfolioItems.map((item) => (
            <figure key={item.id} className="work-card">
              <img
                src={item.thumb.src}
                width={item.thumb.width}
                height={item.thumb.height}
                alt={item.alt}
                loading="lazy"
                decoding="async"
              />
              <figcaption>
                <span className="work-card__category">{item.category}</span>
                <span className="work-card__name">{item.name}</span>
              </figcaption>
            </figure>
          ))}
        />
        <p className="section__actions">
          <Link to="/portfolio" className="btn btn--outline">
            See our portfolio
          </Link>
        </p>
      </div>
    </section>
  );
}

/** The home page after the hero (spec 001 §2.2), hydrated when it is seen. */
export default function HomeSections() {
  return (
    <>
      <div data-reveal>
        <ServiceGrid
          heading={homeServices.heading}
          intro={homeServices.intro}
          items={homeServices.items.map((s) => ({
            title: s.title,
            text: s.text,
            icon: s.icon,
            action: { label: 'Learn more', href: s.href, context: `about ${s.title}` },
          }))}
          action={{ label: 'All services', href: '/services' }}
        />
      </div>
      <PortfolioCarousel />
      <div data-reveal>
        <ClientCarousel heading={homeSections.clientsHeading} />
      </div>
      <section className="home-faq" aria-label={homeSections.faqHeading} data-reveal>
        <FaqAccordion
          heading="Digital marketing FAQs"
          items={marketingFaq}
          id="digital-marketing-faq"
        />
        <FaqAccordion
          heading="Website development FAQs"
          items={developmentFaq}
          id="website-development-faq"
        />
      </section>
      <CtaBand
        title={homeCta.title}
        text={homeCta.text}
        action={{ label: homeCta.action.label, scrollTo: HOME_ENQUIRY_ID }}
        parallax={0.5}
      />
      <div data-reveal>
        <Testimonials heading={homeSections.testimonialsHeading} items={testimonials} />
      </div>
      <BlogTeaser heading={homeSections.blogHeading} />
      <div className="section section--form">
        <div className="container">
          <EnquiryForm id={HOME_ENQUIRY_ID} heading={homeSections.enquiryHeading} />
        </div>
      </div>
    </>
  );
}
