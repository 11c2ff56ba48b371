/**
 * Clicks and submits that arrive before the part of the page they are meant for is live.
 *
 * A prerendered page is usable to read before its JavaScript runs, and its deferred parts hydrate
 * later still (lib/deferred.tsx). A button pressed in that gap would do nothing, and a form
 * submitted in it would be sent by the browser as a plain GET. The boot script holds such input
 * from the start; each part replays what was meant for it once it is hydrated. Links are left to
 * the browser: following one without JavaScript loads a complete prerendered page.
 */

/** Attribute of `#root` and of each deferred part's wrapper once its content is live. */
export const HYDRATED_ATTR = 'data-hydrated';

const CONTROLS =
  'button, summary, [role="button"], [role="tab"], input[type="submit"], input[type="button"], input[type="checkbox"], input[type="radio"]';

interface Held {
  target: Element;
  replay: () => void;
}
const held: Held[] = [];

/** Whether an element sits in a deferred part that has not hydrated yet (its server HTML). */
export const inPendingPart = (element: Element): boolean =>
  element.closest(`[data-deferred]:not([${HYDRATED_ATTR}])`) !== null;

/** Whether an element's part of the page is hydrated (anything outside the app always is). */
export function isLive(element: Element): boolean {
  const root = element.closest('#root');
  if (!root) return true;
  return root.hasAttribute(HYDRATED_ATTR) && !inPendingPart(element);
}

/** Whether input is waiting for its part (the app then hydrates every part at once). */
export const hasHeldInput = (): boolean => held.length > 0;

/** Start holding input meant for parts that are not live yet (the boot script, before the app loads). */
export function holdEarlyInput(doc: Document = document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
      if (!control || !(control instanceof HTMLElement) || isLive(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({ target: control, replay: () => control.click() });
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || isLive(form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter;
      held.push({ target: form, replay: () => form.requestSubmit(submitter) });
    },
    true,
  );
}

/** Mark an element live (`#root`, a deferred part's wrapper) and replay the input held for it. */
export function markLive(element: Element | null): void {
  element?.setAttribute(HYDRATED_ATTR, '');
  replayHeldInput();
}

/** Replay, in order, the held input whose part is live now; input for removed elements is dropped. */
export function replayHeldInput(): void {
  for (const item of [...held]) {
    if (item.target.isConnected && !isLive(item.target)) continue;
    held.splice(held.indexOf(item), 1);
    if (item.target.isConnected) item.replay();
  }
}
