import { createContext } from 'react';

/**
 * API answers the blog render handler rendered a page with (keyed by API path), for that page to
 * hydrate from. A plain context, so the app shell carries no data library: the pages that read the
 * API hand it to SWR themselves (`WithApiFallback`).
 */
export const ApiFallbackContext = createContext<Record<string, unknown>>({});

/** The id of the JSON script carrying a page's record and settings (features/pages/page-data.ts). */
export const PAGE_DATA_ID = 'page-data';

/** The id of the JSON script the render handler embeds the data in (`swrFallbackScript`). */
export const SWR_FALLBACK_ID = 'swr-fallback';

/** Data the blog render handler embedded as JSON (never executed), or nothing. */
export function readApiFallback(doc: Document): Record<string, unknown> {
  const text = doc.getElementById(SWR_FALLBACK_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value))
      : {};
  } catch {
    return {};
  }
}
