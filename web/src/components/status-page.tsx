import { Link } from 'react-router';

/** What a status page says: a heading, a sentence and one way on. */
export interface StatusCopy {
  heading: string;
  text: string;
  action: { label: string; href: string };
}

/** The picture above the heading (decorative: no alternative text). */
export interface StatusArt {
  /** Modifier of `status-page__art` (`lost`, `success`). */
  kind: string;
  src: string;
  width: number;
  height: number;
}

/** A page that tells the visitor where they are and links back (not found, thank you). */
export function StatusPage({
  copy,
  art,
  className = '',
  shownAt,
}: {
  copy: StatusCopy;
  art: StatusArt;
  /** Modifier classes of the section (`status-page--success`). */
  className?: string;
  /** The address the page replaces the one asked for with (the page script reads it). */
  shownAt?: string;
}) {
  return (
    <section
      className={className ? `status-page ${className}` : 'status-page'}
      data-shown-at={shownAt}
    >
      <div className="container status-page__inner">
        <img
          className={`status-page__art status-page__art--${art.kind}`}
          src={art.src}
          width={art.width}
          height={art.height}
          alt=""
        />
        <h1>{copy.heading}</h1>
        <p>{copy.text}</p>
        <Link to={copy.action.href} className="btn btn--primary">
          {copy.action.label}
        </Link>
      </div>
    </section>
  );
}
