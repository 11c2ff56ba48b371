/** Placeholder blocks while a post or list item is loading. */
export function PostSkeleton() {
  return (
    <div className="skeleton skeleton--post" aria-busy="true" aria-label="Loading article">
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__block skeleton__block--banner" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton__line" />
      ))}
    </div>
  );
}

/** One list-item-shaped placeholder. */
export function PostCardSkeleton() {
  return (
    <li className="skeleton skeleton--card" aria-hidden="true">
      <div className="skeleton__block skeleton__block--thumb" />
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
    </li>
  );
}
