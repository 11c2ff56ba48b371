/**
 * The first script of every page: starts the app after the page's first paint.
 *
 * A prerendered page is complete without JavaScript, so nothing should compete with its HTML and
 * stylesheet for the network until it has painted. The app's modules are listed in the page's
 * `#app-modules` JSON (the entry first, then the chunks it will need, fetched in parallel as
 * modulepreloads) and requested once the first frame is on screen and the page's largest image
 * has arrived, or at once in a hidden tab.
 */
import { rememberArrival } from '../lib/visit-arrival';
import { holdEarlyInput, markLive } from '../lib/early-input';
import { startBeacon, whenShown } from '../lib/beacon';
import { addToJourney } from '../lib/visit-journey';
import { markStaticParts, startIslands } from '../islands/runtime';
import { inNextTask } from '../lib/next-task';
import { startPageScript } from '../page-script';
import { shownAt } from '../page-script/not-found';
import { APP_MODULES_ID, parseModuleList } from './app-modules';

export { APP_MODULES_ID, parseModuleList };

// The app reaches the held input through this module, so it ships in the boot script's own file.
export { markLive } from '../lib/early-input';

const readModules = (): string[] =>
  parseModuleList(document.getElementById(APP_MODULES_ID)?.textContent ?? '[]');

export function startApp(modules: string[] = readModules()): void {
  const [entry, ...chunks] = modules;
  if (!entry) return;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** The longest the app waits for the page's largest image before starting anyway. */
export const LCP_IMAGE_WAIT_MS = 2500;

/**
 * Run `start` once the page's largest paint is on screen: at once, or, when that paint is an image
 * still loading (the one `<img fetchpriority="high">`, a post's banner or the first list card),
 * when it has loaded or failed, and never later than LCP_IMAGE_WAIT_MS. On a slow phone network the
 * app's scripts would otherwise share the image's bandwidth and delay the page's largest paint;
 * input made meanwhile is held and replayed (early-input.ts).
 */
export function afterLargestImage(start: () => void, root: ParentNode = document): void {
  const img = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img || img.complete) {
    start();
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start();
  };
  img.addEventListener('load', go, { once: true });
  img.addEventListener('error', go, { once: true });
  setTimeout(go, LCP_IMAGE_WAIT_MS);
}

/**
 * Whether this document is a public page (its server HTML, rendered for this address, or the
 * not-found page): it runs the page script and its islands, never the app. The admin's shell (an
 * empty root), or a page's HTML served for an address it was not rendered for, starts the app.
 */
export function isPublicPage(doc: Document = document): boolean {
  const root = doc.getElementById('root');
  const renderedFor = root?.dataset.path;
  const path = doc.location.pathname.replace(/(.)\/+$/, '$1');
  return (
    root !== null &&
    root.hasChildNodes() &&
    (renderedFor === path || (renderedFor !== undefined && renderedFor === shownAt(doc)))
  );
}

if (typeof document !== 'undefined' && document.getElementById(APP_MODULES_ID)) {
  holdEarlyInput();
  // In a task after this one, or as the page is left (a link followed at once must not lose where
  // the visit came from): the visit's arrival (a sessionStorage read, and a write on its first
  // page), its journey and the site's own analytics (a sendBeacon). The storage's first use alone
  // costs this task several milliseconds on a slow phone.
  inNextTask(() => {
    rememberArrival();
    whenShown(() => addToJourney(location.pathname));
    startBeacon();
  });
  if (isPublicPage()) {
    // The page is live as it is: its behaviours are plain script, its islands wake when needed
    // (once the largest image has arrived, so none competes with it for the network). A click on
    // a static part (an FAQ question) is the browser's at once, never held for the islands.
    markLive(document.getElementById('root'));
    markStaticParts();
    startPageScript();
    afterLargestImage(() => startIslands());
  } else if (document.visibilityState === 'hidden') startApp();
  // The frame after the next animation frame: the first paint is done.
  else requestAnimationFrame(() => setTimeout(() => afterLargestImage(() => startApp()), 0));
}
