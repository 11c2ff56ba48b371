import { act, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  prepareAllPages,
  render as renderServer,
  SEED_PAGES,
  SEED_SITE_SETTINGS,
} from '../entry-server';
import { givenPages } from '../features/pages/page-data';
import { hydrateIsland } from '../islands/hydrate';
import { App } from './app';
import { browserPageModules, preloadPagePath } from './page-modules.browser';
import { AppProviders } from './providers';
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

  it.each(prerenderedPaths)(
    'the prerendered %s: each island hydrates its own root without a mismatch',
    async (path) => {
      const { html } = renderServer(path, {
        siteUrl: window.location.origin,
        blockPages: givenPages(SEED_PAGES),
        settings: SEED_SITE_SETTINGS,
      });
      // A public page never hydrates the app: the browser wakes its islands, one root each.
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.appendChild(container);
      const problems: unknown[] = [];
      const consoleError = vi
        .spyOn(console, 'error')
        .mockImplementation((...args: unknown[]) => problems.push(args));
      const islands = [...container.querySelectorAll<HTMLElement>('[data-island]')];
      await act(async () => {
        for (const island of islands)
          await hydrateIsland(island, { onRecoverableError: (err) => problems.push(err) });
      });
      expect(problems.map((p) => String(Array.isArray(p) ? p.join(' ').slice(-1500) : p))).toEqual(
        [],
      );
      for (const island of islands)
        expect(island.hasAttribute('data-hydrated'), island.dataset.deferred).toBe(true);
      expect(container.querySelectorAll('h1')).toHaveLength(1);
      consoleError.mockRestore();
      container.remove();
    },
  );
});
