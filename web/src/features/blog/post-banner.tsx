import type { Post } from '@agency/shared';
import { Picture } from '../../components/picture';
import { mediaSrc } from './paths';

export interface PostBannerProps {
  post: Pick<Post, 'banner' | 'banner_image'>;
  /** The width the banner is shown at in each layout (see image-sizes.ts). */
  sizes: string;
  /** The box of a banner stored before images had variants (its own size is unknown). */
  legacy: { width: number; height: number };
  alt?: string;
  className?: string;
  /** The page's largest paint: loaded at once and before other images. */
  priority?: boolean;
  /** Shown when the post has no banner at all; nothing by default. */
  fallback?: string;
}

/**
 * A post's banner wherever it is shown: the processed image as a responsive `<Picture>`, or a banner
 * stored before images had variants served as it was uploaded, at the layout's box.
 */
export function PostBanner({
  post,
  sizes,
  legacy,
  alt = '',
  className,
  priority = false,
  fallback,
}: PostBannerProps) {
  if (post.banner)
    return (
      <Picture
        image={post.banner}
        alt={alt}
        sizes={sizes}
        className={className}
        priority={priority}
      />
    );
  const src = post.banner_image ? mediaSrc(post.banner_image) : fallback;
  if (!src) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={legacy.width}
      height={legacy.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
