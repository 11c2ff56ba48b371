import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotFoundPage, { NotFoundRedirect } from './not-found-page';
import { referrerOrigin, reportNotFound } from '../../lib/report-not-found';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where the router is now. */
function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** `fetch` as the network boundary: records each call and answers as `answer` says. */
function stubFetch(
  answer: () => Promise<Response> = async () => new Response('{}', { status: 202 }),
) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const reports = () =>
    fetchMock.mock.calls.map(([input, init]) => ({
      url: String(input),
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      credentials: init?.credentials,
      keepalive: init?.keepalive,
    }));
  return { fetchMock, reports };
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

const setReferrer = (value: string) => vi.spyOn(document, 'referrer', 'get').mockReturnValue(value);

describe('the not-found page’s report to the 404 log', () => {
  it('reports the missing path once, with only the origin of the site that linked to it, without cookies', async () => {
    setReferrer('https://news.example.org/2025/11/links?utm=x');
    const { reports } = stubFetch();
    renderAt('/Summer-Sale-2025');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(reports()).toEqual([
      {
        url: '/api/not-found',
        method: 'POST',
        body: { path: '/Summer-Sale-2025', referrer: 'https://news.example.org' },
        credentials: 'omit',
        keepalive: true,
      },
    ]);
  });

  it('leaves the referrer out when there is none', async () => {
    setReferrer('');
    const { reports } = stubFetch();
    renderAt('/typed-by-hand');
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]?.body).toEqual({ path: '/typed-by-hand' });
  });

  it('names this site as the referrer of a broken link followed inside it', async () => {
    setReferrer('https://www.google.com/');
    const { reports } = stubFetch();
    renderAt('/');
    screen.getByRole('link', { name: 'Our team' }).click();
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]?.body).toEqual({
      path: '/old-team-page',
      referrer: window.location.origin,
    });
  });

  it('does not report /404 itself', async () => {
    const { fetchMock } = stubFetch();
    renderAt('/404');
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the page whatever the report meets: a refused request or a browser that throws', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/gone-offline');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    vi.stubGlobal('fetch', () => {
      throw new TypeError('keepalive not allowed');
    });
    expect(() => reportNotFound('/x', '')).not.toThrow();
  });

  it('sends nothing for a path longer than the log keeps, nor for the admin area, which is never redirected', () => {
    const { fetchMock } = stubFetch();
    reportNotFound(`/${'a'.repeat(600)}`, '');
    reportNotFound('/admin/nope', '');
    reportNotFound('/creative-login/x', '');
    expect(fetchMock).not.toHaveBeenCalled();
    reportNotFound('/administration-services', '');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps only the origin of an http(s) referrer', () => {
    expect(referrerOrigin('https://www.google.com/search?q=agency')).toBe('https://www.google.com');
    expect(referrerOrigin('http://intranet.example:8080/a')).toBe('http://intranet.example:8080');
    expect(referrerOrigin('android-app://com.slack/')).toBeUndefined();
    expect(referrerOrigin('')).toBeUndefined();
  });
});
