/**
 * Where the current visit arrived: its first page and the other site that linked to it, kept in
 * sessionStorage (this tab, until it closes; no cookie) for the enquiry form (lib/visit-source.ts).
 *
 * Recorded by the boot script, the first script of every page, so a link followed before the app
 * has started still leaves the first page recorded. Imports nothing: it ships in the boot file.
 */

/** The sessionStorage key of the visit's arrival. */
export const VISIT_ARRIVAL_KEY = 'visit-arrival';

/** The first page of a visit (path and query) and its external referrer, as stored. */
export interface VisitArrival {
  landing_page: string;
  referrer?: string;
}

/** What a page load at `url` from `referrer` records: another site's referrer only. */
export function arrivalOf(url: URL, referrer: string): VisitArrival {
  // No exception for the usual empty referrer: one thrown costs the boot script milliseconds.
  const external =
    referrer && URL.canParse(referrer) && new URL(referrer).origin !== url.origin
      ? referrer
      : undefined;
  return { landing_page: url.pathname + url.search, referrer: external };
}

/**
 * On the first page of a visit, record where it arrived; later pages leave it as it is. With
 * storage disabled (some private modes) nothing is recorded and enquiries go without a source.
 */
export function rememberArrival(): void {
  try {
    const storage = window.sessionStorage;
    if (storage.getItem(VISIT_ARRIVAL_KEY) !== null) return;
    storage.setItem(
      VISIT_ARRIVAL_KEY,
      JSON.stringify(arrivalOf(new URL(window.location.href), document.referrer)),
    );
  } catch {
    // No storage: nothing to remember the visit by.
  }
}

/** The stored arrival as parsed JSON (checked by its reader), or null. */
export function storedArrival(): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(VISIT_ARRIVAL_KEY) ?? 'null');
  } catch {
    return null;
  }
}
