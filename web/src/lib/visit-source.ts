import { LEAD_SOURCE_FIELDS, LEAD_SOURCE_LIMITS, type LeadSourceField } from '@agency/shared';
import { storedArrival } from './visit-arrival';

/** Where the current visit came from, as the enquiry form sends it (absent fields left out). */
export type VisitSource = Partial<Record<LeadSourceField, string>>;

const isAddressField = (field: LeadSourceField): boolean =>
  field === 'landing_page' || field === 'referrer';

/** Whether the server accepts a value: landing pages are site paths, referrers http(s) URLs. */
function acceptable(field: LeadSourceField, value: string): boolean {
  if (field === 'landing_page') return value.startsWith('/') && !value.startsWith('//');
  if (field === 'referrer') return /^https?:\/\//i.test(value);
  return true;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The source fields of a visit that arrived at `landing_page` (path and query) from `referrer`:
 * the campaign parameters come from the first page's query. Values are trimmed, capped at
 * LEAD_SOURCE_LIMITS, and anything the server would refuse (an `android-app://` referrer, say) is
 * left out, so the source never fails a lead.
 */
export function visitSourceOf(landingPage: string, referrer?: string): VisitSource {
  // `//x` is a path here but would read as another host: one leading slash.
  const landing = landingPage.replace(/^\/+/, '/');
  let params = new URLSearchParams();
  try {
    params = new URL(landing, 'http://site.invalid').searchParams;
  } catch {
    // Not an address: no campaign parameters.
  }
  const valueOf = (field: LeadSourceField): string | null | undefined =>
    field === 'landing_page' ? landing : field === 'referrer' ? referrer : params.get(field);
  const out: VisitSource = {};
  for (const field of LEAD_SOURCE_FIELDS) {
    const max = isAddressField(field) ? LEAD_SOURCE_LIMITS.urlMax : LEAD_SOURCE_LIMITS.paramMax;
    const v = valueOf(field)?.trim().slice(0, max).trim();
    if (v && acceptable(field, v)) out[field] = v;
  }
  return out;
}

/** The source of the current visit, from its recorded arrival (empty when none was recorded). */
export function readVisitSource(): VisitSource {
  const arrival = storedArrival();
  if (typeof arrival !== 'object' || arrival === null || !('landing_page' in arrival)) return {};
  const landing = text(arrival.landing_page);
  const referrer = 'referrer' in arrival ? text(arrival.referrer) : undefined;
  return landing === undefined ? {} : visitSourceOf(landing, referrer);
}
