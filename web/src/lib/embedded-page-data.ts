/**
 * Reading the page data a server-rendered page embeds (`#page-data`, written by
 * features/pages/page-data.ts): the page's path, its blocks' record and the site settings. A leaf
 * module, so the islands' hydration reads the settings with the same parser as the app without
 * carrying the page-data module's imports.
 */
import type { PageContent, SiteSettings } from '@agency/shared';
import { PAGE_DATA_ID } from './api-fallback';

/** What a server-rendered page embeds: its path, its blocks' record (null: not a block page) and the settings. */
export interface EmbeddedPageData {
  path: string;
  page: PageContent | null;
  settings: SiteSettings;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The embedded data in the text of a script element, or undefined when absent or malformed. */
export function parseEmbedded(text: string | null | undefined): EmbeddedPageData | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // The page's own HTML, written by the server from checked records: its shape is trusted.
    if (isRecord(value) && typeof value.path === 'string' && isRecord(value.settings))
      return value as unknown as EmbeddedPageData;
  } catch {
    // A page without data: treated as no block page.
  }
  return undefined;
}

/** The data embedded in this document (the page being hydrated). */
export function readEmbeddedPageData(doc: Document): EmbeddedPageData | undefined {
  return parseEmbedded(doc.getElementById(PAGE_DATA_ID)?.textContent);
}
