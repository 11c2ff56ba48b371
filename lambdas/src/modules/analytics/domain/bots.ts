import { isbot } from 'isbot';

/** The request headers the rules read, names lower-case (platform/http.ts `Request.headers`). */
export type Headers = Readonly<Record<string, string | undefined>>;

/** What to make of a hit: not counted at all, counted as a bot only, or counted as a visitor. */
export type HitClass = 'private' | 'bot' | 'visitor';

/** The browser asks not to be tracked: Global Privacy Control or Do Not Track. */
export const asksNotToBeTracked = (headers: Headers): boolean =>
  headers['sec-gpc']?.trim() === '1' || headers['dnt']?.trim() === '1';

/** A speculative load (prefetch or prerender): nobody has seen the page yet. */
const speculative = (headers: Headers): boolean =>
  /prefetch|prerender/i.test(`${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''}`);

/**
 * The class of a hit: DNT/GPC are honoured before anything (not even counted as a bot); an empty or
 * known crawler or headless user agent, a browser saying it is automated, or a speculative load is
 * a bot; anything else a visitor.
 */
export function classify(headers: Headers, automated: boolean | undefined): HitClass {
  if (asksNotToBeTracked(headers)) return 'private';
  const ua = headers['user-agent']?.trim() ?? '';
  if (!ua || isbot(ua) || automated === true || speculative(headers)) return 'bot';
  return 'visitor';
}
