import { ClientCarousel } from '../../components/sections/client-carousel';
import { CtaBand } from '../../components/sections/cta-band';
import { SectionShell } from '../../components/sections/section-shell';
import { ServiceGrid } from '../../components/sections/service-grid';
import { TechList } from '../../components/sections/tech-list';
import { aboutPage } from '../../content/about';

/** The about page after the hero (spec 001 §2.3), hydrated when it is seen. */
export default function AboutSections() {
  return (
    <>
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
        action={{ label: 'Contact us', href: '/contact' }}
        parallax={0.5}
      />
    </>
  );
}
