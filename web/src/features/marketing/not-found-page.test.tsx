import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotFoundPage, { NotFoundRedirect } from './not-found-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where the router is now. */
function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** The app's routes for unknown addresses, at `path`, in StrictMode as the browser entry renders. */
const renderAt = (path: string) =>
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/" element={<Link to="/old-team-page">Our team</Link>} />
          <Route path="*" element={<NotFoundRedirect />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );

describe('the not-found page', () => {
  // The 404 log is counted from the edge's own access logs (what it answered 404), so the page
  // sends nothing: no visitor's script can write to the log.
  it('shows the page at /404 for a missing address, and sends no request of its own', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/Summer-Sale-2025');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    screen.getByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the page for a broken link followed inside the site, with no request either', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    screen.getByRole('link', { name: 'Our team' }).click();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
