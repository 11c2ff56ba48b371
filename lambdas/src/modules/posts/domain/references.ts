import { inlineSrc, mediaKeys, parseInlineSrc, type Image } from '@agency/shared';
import { invalid } from '../../../platform/errors';
import type { MediaRecord, MediaRepository } from '../../media/domain/ports';
import type { TaxonomyKind, TaxonRef, WarnLog } from './ports';
import { imageSources } from '@agency/shared/html-images';
import { sanitizeContent, sanitizeContentRewritingImages } from './sanitize';

/** What a post points at. */
export interface References {
  category_id: number | null;
  author_id: number | null;
}

const FIELDS = [
  ['category', 'category_id'],
  ['author', 'author_id'],
] as const satisfies readonly (readonly [TaxonomyKind, keyof References])[];

/**
 * Why usage counts and not an index of posts by category: deleting a category must not race a post
 * being given it. Each category and author item carries the number of posts pointing at it; a post
 * write counts one more on what it will point at (conditional on the item existing) and one fewer
 * on what it no longer points at, in the same transaction as the post, and a delete is conditional
 * on the count being zero, so whichever comes first wins and no post can point at a deleted
 * category. An index (a GSI, eventually consistent) could only be checked before the delete, with a
 * window in which a post is assigned unseen.
 */
export function referenceChanges(
  before: References | null,
  after: References | null,
): { claim: TaxonRef[]; release: TaxonRef[] } {
  const claim: TaxonRef[] = [];
  const release: TaxonRef[] = [];
  for (const [kind, field] of FIELDS) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (was === now) continue;
    if (now !== null) claim.push({ kind, id: now });
    if (was !== null) release.push({ kind, id: was });
  }
  return { claim, release };
}

/** The field naming a category or author, for a refusal. */
export const referenceField = (kind: TaxonomyKind): keyof References => `${kind}_id`;

/** What a post version shows of the media library: its banner and its inline images. */
export interface ImageReferences {
  content: string;
  banner?: Image | null | undefined;
}

/** The banner fields of a post showing a library image: the key the spec's path names, and the image. */
export const libraryBanner = (image: Image): { banner_key: string; banner: Image } => ({
  banner_key: mediaKeys.original(image.id, image.format),
  banner: image,
});

/** An inline `<img>`'s attributes as pages need them: the canonical `src` and the intrinsic size. */
export const inlineAttributes = (
  attribs: Record<string, string>,
  image: Pick<Image, 'id' | 'width' | 'height' | 'format'>,
): Record<string, string> => ({
  ...attribs,
  src: inlineSrc(image),
  width: String(image.width),
  height: String(image.height),
});

/** 400 for an inline image whose library image is gone. */
export const notInLibrary = (id: string) =>
  invalid(
    'content',
    `shows the image ${id}, which is not in the media library (it was deleted): insert it again with the editor's image button`,
  );

/**
 * The library's records of `ids` (one BatchGetItem per 100), and the first id the library no longer
 * holds (deleted meanwhile), if any: the check every write showing library images makes (posts'
 * inline images here, pages and the site settings in pages/library-images.ts).
 */
export async function libraryRecords(
  media: Pick<MediaRepository, 'getMany'>,
  ids: readonly string[],
): Promise<{ records: Map<string, MediaRecord>; missing: string | undefined }> {
  const records = await media.getMany(ids);
  return { records, missing: ids.find((id) => !records.has(id)) };
}

/**
 * Post content sanitised, with each inline library image as the pages need it: its canonical `src`
 * and its intrinsic width and height from the library, whatever the editor sent, so a page never
 * shifts and never asks for a variant that does not exist. 400 for one the library does not hold.
 */
export async function libraryContent(media: MediaRepository, html: string): Promise<string> {
  const ids = imagesOf({ content: html });
  if (ids.length === 0) return sanitizeContent(html);
  const { records, missing } = await libraryRecords(media, ids);
  if (missing) throw notInLibrary(missing);
  return sanitizeContentRewritingImages(html, (attribs) => {
    const inline = parseInlineSrc(attribs.src ?? '');
    const record = inline ? records.get(inline.id) : undefined;
    return record ? inlineAttributes(attribs, record) : attribs;
  });
}

/** Ids of the library images a version shows (banner first), each once. */
export function imagesOf(version: ImageReferences): string[] {
  const ids = new Set<string>();
  if (version.banner) ids.add(version.banner.id);
  for (const src of imageSources(version.content)) {
    const inline = parseInlineSrc(src);
    if (inline) ids.add(inline.id);
  }
  return [...ids];
}

/**
 * Record that post `postId` shows every library image of `version`, outside a post write (the image
 * migration; post writes claim in their transaction): the claim is conditional on the image
 * existing, so an image deleted from the library meanwhile can never end up on a page (400 naming
 * the banner or the inline image instead). Claims are set additions, so claiming an image the post
 * already shows changes nothing. Each id is pushed to `claimed` as soon as it is claimed.
 */
export async function claimImages(
  media: MediaRepository,
  postId: number,
  version: ImageReferences,
  claimed: string[],
): Promise<void> {
  // All at once (a post may show dozens), and every claim settled before any refusal is thrown, so
  // none lands after the caller has given back what `claimed` held.
  const settled = await Promise.allSettled(
    imagesOf(version).map(async (id) => {
      if (await media.claim(id, postId)) {
        claimed.push(id);
        return;
      }
      if (version.banner?.id === id)
        throw invalid('banner_media', 'is not an image of the media library');
      throw notInLibrary(id);
    }),
  );
  const refused = settled.find((r) => r.status === 'rejected');
  if (refused) throw refused.reason;
}

/**
 * Post `postId` no longer shows these images, which stay in the library (best effort, logged):
 * trimmed revisions give back what only they showed; the media page deletes images nothing uses.
 * Deleting a post for good gives back its claims in its transaction and deletes those nothing else
 * uses (publishing-trash.ts).
 */
export async function unclaimImages(
  media: MediaRepository,
  postId: number,
  ids: readonly string[],
  log: WarnLog,
): Promise<void> {
  for (const id of ids) {
    try {
      await media.release(id, postId);
    } catch (error) {
      log.warn('image not released', { error, id, postId });
    }
  }
}
