import { act, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  prepareAllPages,
  render as renderServer,
  SEED_PAGES,
  SEED_SITE_SETTINGS,
} from '../entry-server';
import { browserPages, givenPages, rememberPage } from '../features/pages/page-data';
import { preloadDeferred } from '../lib/deferred';
import { App } from './app';
import { browserPageModules, preloadPagePath } from './page-modules.browser';
import { AppProviders } from './providers';
import { pageForPath } from '../config/pages';
import { prerenderedPaths } from '../server/site-files';

// The server entry renders synchronously once the pages it renders are loaded.
await prepareAllPages();

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('App', () => {
  it('shows the not-found page for unknown paths and replaces the address with /404', async () => {
    renderDom(
      <AppProviders pages={browserPageModules}>
        <MemoryRouter initialEntries={['/no-such-page']}>
          <App />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: "uh-oh! something's missing" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toMatch(/^Page Not Found/));
  });

  it('shows a page fetched ahead with preloadPagePath at once on navigation, with no loading state', async () => {
    function GoToThankYou() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/thank-you-alchem')}>
          Go
        </button>
      );
    }
    await preloadPagePath('/404');
    await preloadPagePath('/thank-you-alchem');
    renderDom(
      <AppProviders pages={browserPageModules} preloadPage={preloadPagePath}>
        <MemoryRouter initialEntries={['/404']}>
          <App />
          <GoToThankYou />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(screen.getByTestId('location')).toHaveTextContent('/thank-you-alchem');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you! We have received your enquiry.' }),
    ).toBeInTheDocument();
  });

  it('preloads nothing for the not-found page', async () => {
    await expect(preloadPagePath('/404')).resolves.toBeUndefined();
  });

  it.each(prerenderedPaths)('hydrates the prerendered %s without mismatches', async (path) => {
    const { html } = renderServer(path, {
      siteUrl: window.location.origin,
      blockPages: givenPages(SEED_PAGES),
      settings: SEED_SITE_SETTINGS,
    });
    // As the browser entry does with the page's embedded data.
    const seeded = SEED_PAGES.find((p) => p.path === path);
    if (seeded) rememberPage(path, seeded);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const page = pageForPath(path);
    if (page) await browserPageModules[page].preload(path);
    // The page's deferred parts too: here the whole page hydrates at once (lib/deferred.test.tsx
    // covers hydrating them later).
    await preloadDeferred();
    const problems: unknown[] = [];
    const consoleError = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => problems.push(args));
    const root = await act(async () =>
      hydrateRoot(
        container,
        <AppProviders
          pages={browserPageModules}
          blockPages={browserPages}
          settings={SEED_SITE_SETTINGS}
        >
          <MemoryRouter initialEntries={[path]}>
            <App />
          </MemoryRouter>
        </AppProviders>,
        { onRecoverableError: (err) => problems.push(err) },
      ),
    );
    expect(problems.map((p) => String(Array.isArray(p) ? p.join(' ').slice(-1500) : p))).toEqual(
      [],
    );
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    consoleError.mockRestore();
    act(() => root.unmount());
    container.remove();
  });
});
