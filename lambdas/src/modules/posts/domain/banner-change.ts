import { randomUUID } from 'node:crypto';
import type { Image } from '@agency/shared';
import type { UploadedFile } from '../../../platform/body';
import { invalid } from '../../../platform/errors';
import { checkBanner } from './banner';
import { registerUpload } from '../../media/domain/media';
import { imageOf } from '../../media/domain/ports';
import type { PostDeps } from './ports';
import { libraryBanner } from './references';
import type { PostInput } from './input';
import { bestEffort } from './shared';

/** A post's banner: the object key the spec's `banner_image` path names, and the library image. */
interface Banner {
  banner_key: string | null;
  banner: Image | null;
}

/** The banner a write asks for, and the image this write registered for it (if any). */
export interface BannerChange {
  banner: Banner;
  registered: Image | null;
}

/**
 * The banner a write asks for: a library image (`banner_media`), none (`none`), or a `banner_image`
 * file from a spec client, checked with today's limits and then put through the library like a
 * direct upload, so it gets its variants too. Undefined when the write leaves the banner alone.
 */
export async function requestedBanner(
  deps: PostDeps,
  input: PostInput,
  file: UploadedFile | undefined,
  savedBy: string | null,
): Promise<BannerChange | undefined> {
  if (file && input.banner_media !== undefined)
    throw invalid('banner_media', 'give either banner_media or a banner_image file, not both');
  if (input.banner_media === 'none')
    return { banner: { banner_key: null, banner: null }, registered: null };
  if (input.banner_media !== undefined) {
    const record = await deps.library.media.get(input.banner_media);
    if (!record) throw invalid('banner_media', 'is not an image of the media library');
    return { banner: libraryBanner(imageOf(record)), registered: null };
  }
  if (!file) return undefined;
  const checked = await checkBanner(file);
  const id = randomUUID();
  await deps.library.objects.putUpload(id, checked.bytes, checked.contentType);
  const record = await registerUpload(deps.library, {
    id,
    filename: file.filename,
    actor: savedBy,
  });
  const image = imageOf(record);
  return { banner: libraryBanner(image), registered: image };
}

/** Delete an image this write registered for its banner, when the write did not happen. */
export async function dropRegistered(
  deps: PostDeps,
  change: BannerChange | undefined,
): Promise<void> {
  const image = change?.registered;
  if (!image) return;
  await bestEffort(deps, 'delete new banner image', async () => {
    if ((await deps.library.media.deleteUnused(image.id)) === 'deleted')
      await deps.library.objects.deleteImage(image);
  });
}
