import { usePageMeta } from '../../lib/use-page-meta';
import { Link } from 'react-router';
import { HeroBanner } from '../../components/sections/hero-banner';
import { site } from '../../config/site';
import { privacyMeta, privacyPage } from '../../content/privacy';
import { pagePath } from '../../config/pages';

/** Privacy policy (spec 001 §2.6). */
export default function PrivacyPage() {
  usePageMeta(privacyMeta);
  return (
    <>
      <HeroBanner title={privacyPage.title} breadcrumb={privacyMeta.breadcrumb} parallax={0.5} />
      <article className="section legal">
        <div className="container legal__inner">
          <p className="legal__updated">
            Last updated: <time dateTime="2021-06-15">{privacyPage.lastUpdated}</time>
          </p>
          <p>{privacyPage.intro}</p>
          <nav aria-label="Policy sections" className="legal__toc">
            <ol>
              {privacyPage.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {privacyPage.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
              <h2 id={`${s.id}-h`}>{s.heading}</h2>
              {s.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.list && (
                <ul>
                  {s.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {s.more?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.contact && (
                <ul>
                  <li>
                    By e-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
                  </li>
                  <li>
                    By visiting our <Link to={pagePath('contact')}>contact page</Link>
                  </li>
                  {site.offices.map((o) => (
                    <li key={o.city}>
                      By phone ({o.city}): <a href={o.phoneHref}>{o.phone}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </article>
    </>
  );
}
