import type { PortfolioItem } from '../../content/portfolio';

/** A project's thumbnail: its size reserved, loaded lazily (the gallery and the home carousel). */
export function PortfolioThumb({ item }: { item: PortfolioItem }) {
  return (
    <img
      src={item.thumb.src}
      width={item.thumb.width}
      height={item.thumb.height}
      alt={item.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
