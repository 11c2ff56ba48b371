import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { aboutMeta, aboutPage } from '../../content/about';
import { SectionShell } from '../../components/sections/section-shell';
import { ClientCarousel, CtaBand, ServiceGrid, TechList } from './deferred-sections';
import { pagePath } from '../../config/pages';

/** About page (spec 001 §2.3): story, three principles, technologies, clientele. */
export default function AboutPage() {
  usePageMeta(aboutMeta);

  return (
    <>
      <HeroBanner
        title={aboutPage.title}
        subtitle={aboutPage.subtitle}
        breadcrumb={aboutMeta.breadcrumb}
        parallax={0.5}
      />
      <div data-reveal>
        <SectionShell heading={aboutPage.story.heading} className="about-story">
          {aboutPage.story.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </SectionShell>
      </div>
      <div data-reveal>
        <ServiceGrid heading={aboutPage.principles.heading} items={aboutPage.principles.items} />
      </div>
      <div data-reveal>
        <TechList
          heading={aboutPage.technologies.heading}
          intro={aboutPage.technologies.intro}
          items={aboutPage.technologies.items}
        />
      </div>
      <div data-reveal>
        <ClientCarousel heading={aboutPage.clientele.heading} intro={aboutPage.clientele.text} />
      </div>
      <CtaBand
        title="Let’s build something together"
        text="We call back within 12 hours."
        action={{ label: 'Contact us', href: pagePath('contact') }}
        parallax={0.5}
      />
    </>
  );
}
