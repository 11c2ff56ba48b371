import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

const T = TABLES.content;

/**
 * Where pages and the settings sit in the content table: `{ pk: 'PAGE#<path>', sk: 'PAGE' }` with
 * the record, listed through the byDate index under gsi1pk 'PAGES' (gsi1sk the path); each kept
 * version beside it as `{ sk: 'REV#<zero-padded version>' }`. The site settings are one item,
 * `{ pk: 'SETTINGS', sk: 'SETTINGS' }`. The page store and the media library's usage reader (which
 * walks the raw items, without the page schemas) both key them from here.
 */
const PAGE_SK = 'PAGE';
export const REV_PREFIX = 'REV#';
export const PAGES_INDEX_KEY = 'PAGES';
const SETTINGS_SK = 'SETTINGS';

export const pagePk = (path: string) => `${KEY_PREFIXES.content.page}${path}`;
export const pageKey = (path: string) => ({
  [T.partitionKey]: pagePk(path),
  [T.sortKey]: PAGE_SK,
});
export const revSk = (version: number) => `${REV_PREFIX}${String(version).padStart(10, '0')}`;
export const settingsKey = {
  [T.partitionKey]: KEY_PREFIXES.content.siteSettings,
  [T.sortKey]: SETTINGS_SK,
};
