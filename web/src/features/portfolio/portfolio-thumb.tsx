import { THUMB_SIZE, type PortfolioItem } from './portfolio-item';

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
      src={item.thumb}
      width={THUMB_SIZE.width}
      height={THUMB_SIZE.height}
      alt={item.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
