import { Fragment, lazy, Suspense, useState } from 'react';
import type { PortfolioFilter, PortfolioItem } from './portfolio-item';
import { PortfolioThumb } from './portfolio-thumb';

/**
 * The lightbox (and its focus trap) loads when the visitor first points at or focuses a project,
 * before they click it, so the page does not fetch it for a visit that only looks.
 */
let lightboxModule: Promise<typeof import('./lightbox')> | undefined;
const loadLightbox = () => (lightboxModule ??= import('./lightbox'));
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));
const warmLightbox = (): void => void loadLightbox();

type Filter = string;
const ALL = '';

/** Shown when a filter leaves no project and the page's block says nothing. */
const EMPTY_TEXT = 'No projects in this group are on show yet.';

/** The filter sentence, the project grid and the lightbox of the portfolio page (spec 001 §2.5). */
export function PortfolioGallery({
  filters,
  items,
  emptyText = EMPTY_TEXT,
}: {
  filters: readonly PortfolioFilter[];
  items: readonly PortfolioItem[];
  emptyText?: string;
}) {
  const [filter, setFilter] = useState<Filter>(ALL);
  const [open, setOpen] = useState<PortfolioItem | null>(null);
  const shown = filter === ALL ? items : items.filter((i) => i.group === filter);

  const filterButton = (value: Filter, label: string) => (
    <button
      type="button"
      className="portfolio__filter"
      aria-pressed={filter === value}
      onClick={() => setFilter(value)}
    >
      {label}
    </button>
  );

  return (
    <section className="section portfolio" aria-label="Projects">
      <div className="container">
        <p className="portfolio__sentence">
          We craft{' '}
          {filters.map((f, i) => (
            <Fragment key={f.group}>
              {filterButton(f.group, f.label)}
              {i < filters.length - 2 ? ', ' : i === filters.length - 2 ? ' and ' : ''}
            </Fragment>
          ))}{' '}
          that people remember. {filterButton(ALL, 'Show all')}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {`${shown.length} project${shown.length === 1 ? '' : 's'} shown`}
        </p>
        {shown.length === 0 ? (
          <p className="portfolio__empty">{emptyText}</p>
        ) : (
          <ul className="portfolio__grid" onPointerOver={warmLightbox} onFocus={warmLightbox}>
            {shown.map((item, index) => (
              <li key={item.id} className="portfolio__item" data-group={item.group}>
                <button
                  type="button"
                  className="portfolio__open"
                  onClick={() => setOpen(item)}
                  aria-label={`Enlarge ${item.name}`}
                >
                  <PortfolioThumb item={item} priority={index === 0} />
                </button>
                <p className="portfolio__category">{item.category}</p>
                <h2 className="portfolio__name">{item.name}</h2>
                <p className="portfolio__tech">{item.tech}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <Lightbox item={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
