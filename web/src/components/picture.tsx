import { pictureSources, type Image } from '@agency/shared';
import { placeholderStyle } from './placeholder';

export interface PictureProps {
  image: Image;
  alt: string;
  /**
   * The width the image is shown at in each layout (the `sizes` attribute): the browser picks the
   * smallest variant that covers it at the screen's density, so it must match the CSS.
   */
  sizes: string;
  /** Class of the `<img>` (the layout styles the image, the `<picture>` stays an inline wrapper). */
  className?: string;
  /**
   * The page's largest paint: loaded at once and before other images. Everything else is lazy and
   * decoded off the main thread.
   */
  priority?: boolean;
}

/**
 * A processed image as a responsive `<picture>`: AVIF, then WebP, then the JPEG/PNG `<img>`, each
 * with every variant width, so the browser downloads the smallest file that is sharp at the
 * layout's width. Width and height are the image's own: with the CSS's `height: auto` (or an
 * aspect-ratio crop) the box is reserved before any byte arrives, so nothing shifts.
 */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  const p = pictureSources(image);
  return (
    <picture>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        className={className}
        src={p.src}
        srcSet={p.srcset}
        sizes={sizes}
        width={p.width}
        height={p.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        // Off the main thread for the rest; the largest paint is decoded as soon as it arrives.
        decoding={priority ? undefined : 'async'}
        style={placeholderStyle(image)}
      />
    </picture>
  );
}
