import { Link } from 'react-router';
import type { BlockOf } from '@agency/shared';
import { safeLinks } from '../../lib/safe-links';

/** Every illustration is drawn for this box (its aspect is reserved before it loads). */
const IMAGE_SIZE = { width: 480, height: 360 } as const;

/** The services overview's numbered blocks: number, title, quote, text, links and an illustration, sides alternating. */
export function ServiceBlocks({ block }: { block: BlockOf<'serviceBlocks'> }) {
  return (
    <div id={block.sectionId} className="service-blocks">
      {block.items.map((item, i) => (
        <section
          key={item.anchor}
          id={item.anchor}
          className={`service-block${i % 2 ? ' service-block--reverse' : ''}`}
          aria-labelledby={`${item.anchor}-title`}
          data-reveal
        >
          <div className="container service-block__inner">
            <div className="service-block__text">
              <span className="service-block__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h2 id={`${item.anchor}-title`} className="section__heading">
                {item.title}
              </h2>
              <blockquote className="service-block__quote">
                <p>{item.quote}</p>
              </blockquote>
              <p>{item.text}</p>
              <ul className="service-block__links">
                {safeLinks(item.links).map((l) => (
                  <li key={l.href + l.label}>
                    <Link to={l.href}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
            <img
              className="service-block__image"
              src={item.image}
              width={IMAGE_SIZE.width}
              height={IMAGE_SIZE.height}
              alt={item.alt}
              loading="lazy"
              decoding="async"
            />
          </div>
        </section>
      ))}
    </div>
  );
}
