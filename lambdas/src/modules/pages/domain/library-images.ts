import { libraryImageIds } from '@agency/shared';
import { invalid } from '../../../platform/errors';
import type { MediaRepository } from '../../media/domain/ports';
import { libraryRecords } from '../../posts/domain/references';

/** What a page or settings save asks of the media library: its records by id (one BatchGetItem). */
export type LibraryLookup = Pick<MediaRepository, 'getMany'>;

const GONE = 'shows an image that was deleted from the media library: choose another image';

/** The path to the first string of `value` that shows library image `id`, or null. */
function pathShowing(
  value: unknown,
  id: string,
  path: (string | number)[],
): (string | number)[] | null {
  if (typeof value === 'string') return libraryImageIds(value).has(id) ? path : null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, v] of entries) {
    const found = pathShowing(v, id, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** 400 naming the field of `value` (under `prefix`) that shows `id`, an image no longer in the library. */
export function imageGone(value: unknown, id: string, prefix: string[] = []) {
  const at = [...prefix, ...(pathShowing(value, id, []) ?? [])];
  return invalid(at.length > 0 ? at.join('.') : 'image', GONE);
}

/**
 * The library images `value` shows (a page's content, the site settings: any field, see shared
 * `libraryImageIds`), checked with one BatchGetItem of their records as post content is
 * (`libraryRecords`): 400 naming the field (`blocks.<i>.<field>…`, `image`, or under `prefix`, e.g.
 * `settings.…`) of the first the library no longer holds, so a stale editor cannot put an image
 * deleted meanwhile back on the site. The ids, for the save's own check in its transaction.
 */
export async function assertLibraryImages(
  media: LibraryLookup,
  value: unknown,
  prefix: string[] = [],
): Promise<string[]> {
  const ids = [...libraryImageIds(value)];
  if (ids.length === 0) return ids;
  const { missing } = await libraryRecords(media, ids);
  if (missing) throw imageGone(value, missing, prefix);
  return ids;
}
