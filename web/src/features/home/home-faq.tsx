import { FaqAccordion } from '../../components/sections/faq-accordion';
import { homeSections } from '../../content/home';
import { developmentFaq, marketingFaq } from '../../content/home-faq';
import { usePageFaq } from '../../lib/use-page-meta';

const questions = [...marketingFaq, ...developmentFaq];

/** The home page's two FAQ accordions; their questions come with this chunk, not with the page's. */
export function HomeFaq() {
  usePageFaq(questions);
  return (
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
  );
}
