/**
 * The site's own analytics beacon: a page view on each page load and client-side navigation, and
 * the time the page was visible when it is left or hidden, sent to `POST /api/collect` (the
 * contract's `collectBody`). No cookie, no stored identifier: the server counts a visitor by a
 * daily salted hash it destroys. Imports nothing: it ships in the boot file, ≤ 1 KB Brotli.
 */

/** Where hits go (same origin: the edge routes /api/* to the API). */
export const COLLECT_URL = '/api/collect';

const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'msclkid', 'dclid'];
const UTM = ['source', 'medium', 'campaign', 'term', 'content'];

/** Staff pages and the sign-in page are never counted. */
export const uncounted = (path: string): boolean => /^\/(admin|creative-login)(\/|$)/.test(path);

/** Do Not Track or Global Privacy Control: the visitor asked not to be counted. */
const refused = (): boolean =>
  navigator.doNotTrack === '1' ||
  !!(navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;

/** The page now counted (null: none, or one not counted) and its visible time so far. */
let current: string | null = null;
let visibleMs = 0;
/** When the page last became visible (performance.now()), or -1 while hidden. */
let shownAt = -1;
let firstView = true;
/** Set once the page is shown: the app's first navigation on a prerendering page sends nothing. */
let started = false;

function send(hit: Record<string, unknown>): void {
  const body = JSON.stringify(hit);
  // A string goes as text/plain: no preflight, and it survives the page being closed.
  if (!navigator.sendBeacon?.(COLLECT_URL, body))
    fetch(COLLECT_URL, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

/** Send the time the current page was visible since the last `end`, if any. */
function end(): void {
  if (shownAt >= 0) visibleMs += performance.now() - shownAt;
  shownAt = document.visibilityState === 'hidden' ? -1 : performance.now();
  const ms = Math.round(visibleMs);
  visibleMs = 0;
  if (current && ms > 0) send({ kind: 'end', path: current, duration_ms: ms });
}

/** Count a page view of `path` (a client-side navigation, or the page load): ends the page before. */
export function pageView(path: string): void {
  if (!started || path === current || refused()) return;
  end();
  current = uncounted(path) ? null : path;
  const first = firstView;
  firstView = false;
  if (!current) return;
  const q = new URLSearchParams(location.search);
  const hit: Record<string, unknown> = {
    kind: 'view',
    path,
    viewport: innerWidth < 640 ? 's' : innerWidth < 1024 ? 'm' : 'l',
    automated: !!navigator.webdriver,
  };
  let referrer = first ? document.referrer : '';
  try {
    if (new URL(referrer).origin === location.origin) referrer = '';
  } catch {
    referrer = '';
  }
  if (referrer) hit.referrer = referrer;
  for (const k of UTM) {
    const v = q.get(`utm_${k}`);
    if (v) hit[`utm_${k}`] = v;
  }
  const click = CLICK_IDS.find((k) => q.has(k));
  if (click) hit.click_id = click;
  send(hit);
}

/**
 * Count this page load and watch the page being hidden and left. A page the browser prerenders
 * counts only once shown (`prerenderingchange`).
 */
export function startBeacon(): void {
  whenShown(() => {
    started = true;
    shownAt = document.visibilityState === 'hidden' ? -1 : performance.now();
    pageView(location.pathname);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') end();
      else shownAt = performance.now();
    });
    addEventListener('pagehide', end);
  });
}

/** Run `f` now, or, on a page the browser is prerendering, once it is shown. */
export function whenShown(f: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', f, { once: true });
  else f();
}
