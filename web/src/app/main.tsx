import '../lib/zod-config';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../styles/index.css';
import { deferUntilNeeded } from '../lib/deferred';
import { isPublicPage, markLive } from './boot';
import { readApiFallback } from '../lib/api-fallback';
import { App } from './app';
import { browserPageModules, preloadPagePath } from './page-modules.browser';
import { AppProviders, type AppProvidersProps } from './providers';
import { servedSiteUrl } from '../lib/site-url';
import { settingsSeen, useSeenSettings } from '../lib/site-settings';
import { browserPages, readEmbeddedPageData, rememberPage } from '../features/pages/page-data';
import { NOT_FOUND_PATH } from '../config/pages';

/** Marks the app live once the root has committed, and replays input held until then. */
function RootLive({ root }: { root: HTMLElement }) {
  useEffect(() => markLive(root), [root]);
  return null;
}

/** The app's providers, with the newest site settings read from a published page (settingsSeen). */
function BrowserProviders(props: Omit<AppProvidersProps, 'settings'> & { children: ReactNode }) {
  return <AppProviders {...props} settings={useSeenSettings()} />;
}

/** Start the app on the page: hydrate the server's HTML, or render the app shell. */
async function start(container: HTMLElement): Promise<void> {
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  // The page's record and the site settings it was rendered with: hydration reads them, no request.
  const embedded = readEmbeddedPageData(document);
  if (embedded?.page && embedded.path === path) rememberPage(path, embedded.page);
  // The edge answered this address with the not-found page (404): no page is there. Asking for the
  // address again would only be a second 404 in the edge's log, which the 404 log counts.
  else if (container.dataset.path === NOT_FOUND_PATH && path !== NOT_FOUND_PATH)
    rememberPage(path, null);
  if (embedded) settingsSeen(embedded.settings);
  // Fetch the current page's chunk first so hydration renders it synchronously (no fallback, no flash).
  await preloadPagePath(path).catch(() => undefined);
  // Read before any page changes the head's canonical link.
  const siteUrl = servedSiteUrl(document);

  const tree = (
    <StrictMode>
      <BrowserProviders
        pages={browserPageModules}
        preloadPage={preloadPagePath}
        blockPages={browserPages}
        swrFallback={readApiFallback(document)}
        siteUrl={siteUrl}
      >
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <RootLive root={container} />
      </BrowserProviders>
    </StrictMode>
  );

  // Prerendered pages carry the path they were rendered for; the SPA shell (spa.html), or another
  // page's HTML served as a fallback for an admin path, is rendered fresh instead of hydrated.
  const renderedFor = container.dataset.path;
  if (container.hasChildNodes() && (renderedFor === undefined || renderedFor === path)) {
    // The parts of the page below the fold keep their server HTML until they are needed.
    deferUntilNeeded();
    // As a transition, hydration yields to the browser every few milliseconds instead of blocking
    // the main thread for the whole page; the page is already on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  } else {
    container.replaceChildren();
    delete container.dataset.path;
    createRoot(container).render(tree);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Not awaited at the top level: this module ships in the shell, which the page's chunk imports.
// A public page runs islands, never the app, even should a file of the app's be loaded there.
if (!isPublicPage()) void start(container);
