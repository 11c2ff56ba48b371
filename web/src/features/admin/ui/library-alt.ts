import type { Field, MediaItem } from '@agency/shared';

/**
 * The description a block gets when one of its image fields is given a library image: the image's
 * own description from the media library (`alt`, edited on the media page), in the block's
 * description field (`alt`, a text). The block may change it afterwards (an override). Choosing
 * another image replaces it: whatever the block said described the previous picture (the bug of a
 * portfolio card showing a new image with the old image's description). Choosing an image the
 * block already shows (the same file for the card and its lightbox) leaves the description as is.
 * Returns the sibling fields to change (none when the block has no description field).
 */
export function altOnPick(
  fields: Readonly<Record<string, Field>>,
  value: Readonly<Record<string, unknown>>,
  imageField: string,
  picked: Pick<MediaItem, 'src' | 'alt'>,
): Record<string, unknown> {
  const alt = fields.alt;
  if (!alt || alt.widget.kind !== 'text') return {};
  const shown = Object.entries(fields).some(
    ([name, f]) => f.widget.kind === 'image' && value[name] === picked.src,
  );
  if (shown) return {};
  return { alt: picked.alt };
}
