/**
 * The pages seen in this visit and when it began, kept in sessionStorage (this tab, until it
 * closes; no cookie, no identifier) beside the visit's arrival, for the enquiry form to send as
 * `visit_pages` and `visit_started_at`. Never carried across visits. Imports only the beacon (both
 * ship in the boot file).
 */

import { uncounted } from './beacon';

/** The sessionStorage key of the visit's journey. */
export const VISIT_JOURNEY_KEY = 'visit-journey';
/** Pages kept at most: the first one and the latest after it. */
export const JOURNEY_MAX_PAGES = 50;

/** The journey as stored: paths in order and the visit's start (ISO). */
export interface VisitJourney {
  started_at: string;
  pages: string[];
}

const isJourney = (v: unknown): v is VisitJourney =>
  typeof v === 'object' &&
  v !== null &&
  'started_at' in v &&
  typeof v.started_at === 'string' &&
  'pages' in v &&
  Array.isArray(v.pages) &&
  v.pages.every((p) => typeof p === 'string');

/** The stored journey, or null when none (or unreadable). */
export function storedJourney(): VisitJourney | null {
  try {
    const v: unknown = JSON.parse(window.sessionStorage.getItem(VISIT_JOURNEY_KEY) ?? 'null');
    return isJourney(v) ? v : null;
  } catch {
    return null;
  }
}

/** `journey` with `path` seen next (a reload of the same page adds nothing), capped. */
export function journeyWith(journey: VisitJourney | null, path: string, now: Date): VisitJourney {
  const pages = journey?.pages ?? [];
  if (pages.at(-1) === path && journey) return journey;
  const next = [...pages, path];
  return {
    started_at: journey?.started_at ?? now.toISOString(),
    // The entry page stays first; the latest pages before an enquiry matter most after it.
    pages:
      next.length > JOURNEY_MAX_PAGES
        ? [next[0] ?? path, ...next.slice(1 - JOURNEY_MAX_PAGES)]
        : next,
  };
}

/** Record that the visit saw `path` (public pages only; storage blocked: nothing is kept). */
export function addToJourney(path: string, now = new Date()): void {
  if (uncounted(path)) return;
  try {
    window.sessionStorage.setItem(
      VISIT_JOURNEY_KEY,
      JSON.stringify(journeyWith(storedJourney(), path, now)),
    );
  } catch {
    // No storage: the enquiry goes without its journey.
  }
}

/** The journey as the enquiry form sends it (empty when none was recorded). */
export function readVisitJourney(): { visit_pages?: string; visit_started_at?: string } {
  const journey = storedJourney();
  return journey && journey.pages.length > 0
    ? { visit_pages: journey.pages.join('\n'), visit_started_at: journey.started_at }
    : {};
}
