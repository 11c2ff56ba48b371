/**
 * The first script of every page: starts the app after the page's first paint.
 *
 * A prerendered page is complete without JavaScript, so nothing should compete with its HTML and
 * stylesheet for the network until it has painted. The app's modules are listed in the page's
 * `#app-modules` JSON (the entry first, then the chunks it will need, fetched in parallel as
 * modulepreloads) and requested once the first frame is on screen, or at once in a hidden tab.
 */
import { holdEarlyInput } from './early-input';

// The app reaches the held input through this module, so it ships in the boot script's own file.
export { HYDRATED_ATTR, hasHeldInput, inPendingPart, markLive } from './early-input';

export const APP_MODULES_ID = 'app-modules';

/** The module list of an `#app-modules` script's text; empty when it is not a JSON list. */
export function parseModuleList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

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

if (typeof document !== 'undefined' && document.getElementById(APP_MODULES_ID)) {
  holdEarlyInput();
  if (document.visibilityState === 'hidden') startApp();
  // The frame after the next animation frame: the first paint is done.
  else requestAnimationFrame(() => setTimeout(startApp, 0));
}
