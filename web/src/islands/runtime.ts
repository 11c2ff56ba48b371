/**
 * The islands runtime: plain script in the boot file, no React. It finds a public page's islands
 * (the wrappers `island()` rendered, islands/registry.ts) and wakes each when it is needed: at the
 * first input inside it (`used`, and every island), when it comes near the viewport (`seen`,
 * `seen:<selector>`), or when the browser is idle (`idle`). Waking one loads islands/hydrate.tsx,
 * which brings React with it the first time. The page's other deferred parts are static: they are
 * live as they are.
 */
import { markLive } from '../lib/early-input';

const INPUT = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/** Within half a screen below the viewport counts as seen. */
const NEAR = '0px 0px 50% 0px';

const woken = new WeakSet<Element>();

/** Hydrate one island (once). */
function wake(root: HTMLElement): void {
  if (woken.has(root)) return;
  woken.add(root);
  import('./hydrate')
    .then((m) => m.hydrateIsland(root))
    .catch((error: unknown) => {
      // The page stays readable; the island stays its server HTML. Say so for whoever looks.
      console.error(`Island ${root.dataset.deferred ?? '?'} could not start`, error);
    });
}

function whenSeen(root: HTMLElement, targets: readonly Element[]): void {
  if (typeof IntersectionObserver !== 'function') return wake(root);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      wake(root);
    },
    { rootMargin: NEAR },
  );
  for (const target of targets) observer.observe(target);
}

/** After the page has loaded, when the browser has nothing else to do (at most 2 s later). */
function whenIdle(run: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 2000 })
      : setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function schedule(root: HTMLElement): void {
  const when = root.dataset.island ?? 'used';
  // Any input inside an island wakes it; a click or submit meanwhile is held and replayed.
  const onInput = () => {
    for (const type of INPUT) root.removeEventListener(type, onInput, true);
    wake(root);
  };
  for (const type of INPUT) root.addEventListener(type, onInput, { capture: true, passive: true });
  if (when === 'idle') whenIdle(() => wake(root));
  else if (when === 'seen') {
    const content = [...root.children];
    if (content.length === 0) wake(root);
    else whenSeen(root, content);
  } else if (when.startsWith('seen:')) {
    // Only what the selector names needs the island (a sentinel, a placeholder): none, never.
    const targets = [...root.querySelectorAll(when.slice(5))];
    if (targets.length > 0) whenSeen(root, targets);
  }
}

/**
 * The page's static deferred parts (no island: the FAQ's `<details>`, text sections) are live as
 * they are, from the start: input on them is never held for islands that wake later.
 */
export function markStaticParts(doc: Document = document): void {
  for (const part of doc.querySelectorAll('[data-deferred]:not([data-island])')) markLive(part);
}

/** Start a public page's islands (the static parts are live already: `markStaticParts`). */
export function startIslands(doc: Document = document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    // An island inside another hydrates with it.
    if (root.parentElement?.closest('[data-island]')) continue;
    schedule(root);
  }
}
