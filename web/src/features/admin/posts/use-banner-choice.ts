import { useState } from 'react';
import type { MediaItem, Post } from '@agency/shared';
import { shownFromItem, type ShownBanner } from './banner-input';
import { bannerOf, type BannerChoice } from './post-form-values';
import type { PostFields } from './use-post-fields';

/**
 * The banner the form shows, and what the next save sends about it: an image id, `none`, or
 * nothing (unchanged); `saved` is the post as last saved, whose banner a cleared choice shows.
 */
export function useBannerChoice(
  existing: Post | undefined,
  saved: Post | null,
  fields: PostFields,
) {
  const [banner, setBanner] = useState<ShownBanner | null>(() => bannerOf(existing));
  const [bannerMedia, setBannerMedia] = useState<string | undefined>(undefined);
  const [bannerBusy, setBannerBusy] = useState(false);

  const choose = (choice: BannerChoice | null): void => {
    setBanner(choice ? choice.shown : bannerOf(saved ?? undefined));
    setBannerMedia(choice?.media || undefined);
  };

  const onBanner = (item: MediaItem | null): void => {
    // Removing a banner the saved post does not have changes nothing.
    const choice = {
      media: item ? item.id : saved?.banner_image ? 'none' : '',
      shown: item ? shownFromItem(item) : null,
    };
    choose(choice);
    fields.set('banner', JSON.stringify(choice));
    fields.setError('banner_image', undefined);
  };

  /** A save came back with `post`: its banner is the stored one, and nothing new is chosen. */
  const onSaved = (post: Post): void => {
    // The same image keeps the file name and size shown since its upload.
    setBanner((shown) =>
      shown?.image && shown.image.id === post.banner?.id ? shown : bannerOf(post),
    );
    setBannerMedia(undefined);
  };

  return { banner, bannerMedia, bannerBusy, setBannerBusy, choose, onBanner, onSaved };
}
