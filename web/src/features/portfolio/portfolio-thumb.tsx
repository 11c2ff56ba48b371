import type { PortfolioItem } from '../../content/portfolio';

/**
 * A project's thumbnail, its size reserved (the gallery and the home carousel). Loaded lazily, unless
 * it is the gallery's first, which is in the first screen at every width and often its largest paint.
 */
export function PortfolioThumb({
  item,
  priority = false,
}: {
  item: PortfolioItem;
  priority?: boolean;
}) {
  return (
    <img
      src={item.thumb.src}
      width={item.thumb.width}
      height={item.thumb.height}
      alt={item.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
