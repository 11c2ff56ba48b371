/**
 * What analytics reads of a lead (modules/analytics): the visit it came from and when staff first
 * answered it. No name, no e-mail, no message: conversions and the 12-hour promise need none.
 */
export interface LeadFacts {
  id: string;
  created_at: string;
  /** Marked spam (honeypot or by staff): left out of conversions and the promise. */
  spam: boolean;
  /** The visit's channel (shared `channelOf`), source label (`sourceOf`), utm_campaign ('' if none). */
  channel: string;
  source: string;
  campaign: string;
  /** The path the visit entered by (`landingPath` of landing_page), or null. */
  entry_page: string | null;
  /** Pages seen in the visit before the enquiry, in order (empty when the browser kept none). */
  pages: readonly string[];
  /** Two-letter viewer country or `unknown`; device class from the user agent. */
  country: string;
  device: string;
  /** First status change or note by staff, or null. */
  first_response_at: string | null;
}

/** Reads leads' facts by their arrival time. */
export interface LeadFactsReader {
  /** Every lead (spam included, flagged) that arrived in [from, to), ISO instants. */
  arrivedBetween(from: string, to: string): Promise<LeadFacts[]>;
}
