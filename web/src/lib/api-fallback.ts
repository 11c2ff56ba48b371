import { createContext } from 'react';

/**
 * API answers the blog render handler rendered a page with (keyed by API path), for that page to
 * hydrate from. A plain context, so the app shell carries no data library: the pages that read the
 * API hand it to SWR themselves (`WithApiFallback`).
 */
export const ApiFallbackContext = createContext<Record<string, unknown>>({});
