import '../lib/zod-config';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../styles/index.css';
import { isPublicPage, markLive } from './boot';
import { readApiFallback } from '../lib/api-fallback';
import { App } from './app';
import { browserPageModules, preloadPagePath } from './page-modules.browser';
import { AppProviders, type AppProvidersProps } from './providers';
import { servedSiteUrl } from '../lib/site-url';
import { settingsSeen, useSeenSettings } from '../lib/site-settings';
import { browserPages, readEmbeddedPageData } from '../features/pages/page-data';

/** Marks the app live once the root has committed, and replays input held until then. */
function RootLive({ root }: { root: HTMLElement }) {
  useEffect(() => markLive(root), [root]);
  return null;
}

/** The app's providers, with the newest site settings read from a published page (settingsSeen). */
function BrowserProviders(props: Omit<AppProvidersProps, 'settings'> & { children: ReactNode }) {
  return <AppProviders {...props} settings={useSeenSettings()} />;
}

/** Start the app on the page: render the app (the admin's area, and addresses it serves). */
async function start(container: HTMLElement): Promise<void> {
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  // The site settings the served HTML embeds: the app reads them, no request. (A page's own record
  // is never read here: a page's HTML at its own address, or the not-found page, is a public page,
  // which runs its islands and never the app.)
  const embedded = readEmbeddedPageData(document);
  if (embedded) settingsSeen(embedded.settings);
  // Fetch the current page's chunk first so the first render has it (no fallback, no flash).
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

  // Only the app's own pages start it (a public page runs its islands, see the end of this file):
  // the SPA shell (spa.html), or another page's HTML served for an admin path, rendered fresh.
  container.replaceChildren();
  delete container.dataset.path;
  createRoot(container).render(tree);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Not awaited at the top level: this module ships in the shell, which the page's chunk imports.
// A public page runs islands, never the app, even should a file of the app's be loaded there.
if (!isPublicPage()) void start(container);
