import { libraryImageIds, type MediaUse } from '@agency/shared';

/**
 * Where the marketing pages and the site settings show library images. Posts claim the images they
 * show on the image's record, in the transaction of each post write (`used_by`); pages and settings
 * do not: they are few (20–100 pages and one settings item), so their uses are read from them when
 * the library is listed or an image deleted, and a delete is one transaction that checks every page
 * and the settings it read are still as read (see `SiteImages.deleteUnlessChanged`).
 */

/** Which copy of a page or the settings shows an image. */
export type SiteCopy = 'draft' | 'live' | 'retired';

/** A page or the site settings showing an image. */
export interface SiteImageUse {
  kind: 'page' | 'settings';
  /** The page's path; '' for the settings. */
  ref: string;
  title: string;
  copies: SiteCopy[];
}

/** What a delete checks is unchanged: each page's versions as read, and the settings' version. */
export interface SiteVersions {
  pages: { path: string; version: number; site_version: number }[];
  /** null when no settings are stored. */
  settings: number | null;
}

/** The pages and settings as read: the uses of each image, by id, and the versions read. */
export interface SiteSnapshot {
  uses: Map<string, SiteImageUse[]>;
  versions: SiteVersions;
}

/** A stored page or settings item, as raw attributes. */
export interface SiteItem {
  kind: 'page' | 'settings';
  ref: string;
  title: string;
  retired: boolean;
  /** Each stored copy (`content`, `published`, `settings`, …) and what it holds. */
  copies: Record<string, unknown>;
}

/** Which copy an attribute of a stored page or settings item is: the live one, or a draft. */
const copyOf = (kind: SiteItem['kind'], attribute: string): SiteCopy =>
  (kind === 'page' && attribute === 'published') ||
  (kind === 'settings' && attribute === 'settings')
    ? 'live'
    : 'draft';

/** The uses of library images by stored pages and settings, by image id. */
export function usesOf(items: readonly SiteItem[]): Map<string, SiteImageUse[]> {
  const uses = new Map<string, SiteImageUse[]>();
  for (const item of items) {
    const copies = new Map<string, Set<SiteCopy>>();
    for (const [attribute, value] of Object.entries(item.copies))
      for (const id of libraryImageIds(value)) {
        const set = copies.get(id) ?? new Set<SiteCopy>();
        // A retired page's draft stays stored: restoring the page would show it again.
        set.add(item.retired ? 'retired' : copyOf(item.kind, attribute));
        copies.set(id, set);
      }
    for (const [id, set] of copies) {
      const list = uses.get(id) ?? [];
      list.push({
        kind: item.kind,
        ref: item.ref,
        title: item.title,
        copies: (['draft', 'live', 'retired'] as const).filter((c) => set.has(c)),
      });
      uses.set(id, list);
    }
  }
  return uses;
}

/** The pages and settings of the site, read for their image uses (modules/media/adapters/media-usage.ts). */
export interface SiteImages {
  /**
   * Every page (retired ones too) and the settings. `consistent`: each item read strongly
   * consistently (a delete's check); otherwise as the list index has them (a list).
   */
  read(consistent: boolean): Promise<SiteSnapshot>;
  /**
   * Delete the image's record in one transaction with a check that every page and the settings
   * are still at the versions `versions` read, and that no post claims it: `changed` when a page
   * or the settings changed since (read again and decide again), `in-use` when a post claims it,
   * `missing` when it is gone.
   */
  deleteUnlessChanged(
    id: string,
    versions: SiteVersions,
  ): Promise<'deleted' | 'changed' | 'in-use' | 'missing'>;
}

/** A site use as the media list answers it. */
export const presentSiteUse = (use: SiteImageUse): MediaUse => ({ ...use });
