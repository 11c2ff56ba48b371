import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotFoundEntry } from '@agency/shared';
import RedirectsPage from './redirects-page';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const entry = (overrides: Partial<NotFoundEntry>): NotFoundEntry => ({
  path: '/summer-sale-2025',
  count: 42,
  first_seen: '2026-11-01T07:15:00.000Z',
  last_seen: '2026-11-26T18:40:00.000Z',
  referrers: [
    { host: 'www.google.com', count: 30 },
    { host: 'news.example.org', count: 4 },
  ],
  ...overrides,
});

const STORE = { bytes: 0, max_bytes: 5 * 1024 * 1024 };

/** The 404 log over a fake log (2 a page) that Dismiss and the redirect form change. */
function renderLog(
  path = '/admin/redirects?view=not-found',
  log: NotFoundEntry[] = [entry({}), entry({ path: '/blog/old-slug', count: 3, referrers: [] })],
  handlers: Record<string, FakeHandler> = {},
) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    listNotFound: (req) => {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      return {
        body: {
          results: log.slice((page - 1) * 2, page * 2),
          next: log.length > page * 2 ? `/api/user/not-found?page=${page + 1}` : null,
          previous: page > 1 ? `/api/user/not-found?page=${page - 1}` : null,
        },
      };
    },
    dismissNotFound: (req) => {
      log.splice(
        log.findIndex((e) => e.path === req.body.path),
        1,
      );
      return { body: { message: 'Dismissed.', data: { path: req.body.path } } };
    },
    listRedirects: () => ({
      body: { results: [], next: null, previous: null, count: 0, store: STORE },
    }),
    ...handlers,
  });
  renderAdmin(path, { '/admin/redirects': <RedirectsPage /> });
  return { api, log };
}

const row = async (path: string) => {
  const cell = await screen.findByText(path, { selector: 'td' });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${path}`);
  return within(tr);
};

describe('404 log', () => {
  it('lists each missing address with its count, first and last seen in the admin’s date format, and the sites that linked to it', async () => {
    renderLog();
    const table = await screen.findByRole('table', {
      name: 'Addresses not found, most asked-for first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '/summer-sale-2025',
        '42',
        formatAdminDateTime('2026-11-01T07:15:00.000Z'),
        formatAdminDateTime('2026-11-26T18:40:00.000Z'),
        'www.google.com (30)news.example.org (4)',
      ],
      [
        '/blog/old-slug',
        '3',
        formatAdminDateTime('2026-11-01T07:15:00.000Z'),
        formatAdminDateTime('2026-11-26T18:40:00.000Z'),
        'None: typed, bookmarked or not said',
      ],
    ]);
    // A referrer is whatever a request said: shown as text, never a link anyone could follow.
    for (const r of rows) {
      const linkedFrom = within(r).getAllByRole('cell')[4];
      if (!linkedFrom) throw new Error('no "Linked from" cell');
      expect(within(linkedFrom).queryAllByRole('link')).toEqual([]);
      expect(linkedFrom.querySelector('a, [href]')).toBeNull();
    }
    expect(screen.getByRole('heading', { level: 1, name: '404 log' })).toBeVisible();
    expect(screen.getByRole('link', { name: '404 log' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/Times are in your time zone/)).toBeVisible();
  });

  it('“Redirect…” opens the manager with the address filled in, and adding the redirect sends it', async () => {
    const { api } = renderLog('/admin/redirects?view=not-found', [entry({})], {
      createRedirect: (req) => ({
        status: 201,
        body: {
          message: 'Redirect added.',
          data: {
            from: req.body.from,
            to: req.body.to,
            status: 301,
            note: null,
            origin: 'manual',
            created_at: '2026-11-27T10:00:00.000Z',
            updated_at: '2026-11-27T10:00:00.000Z',
          },
          collapsed: [],
        },
      }),
    });
    const link = (await row('/summer-sale-2025')).getByRole('link', {
      name: 'Redirect /summer-sale-2025…',
    });
    expect(link).toHaveAttribute('href', '/admin/redirects?from=%2Fsummer-sale-2025');
    fireEvent.click(link);
    const form = within(await screen.findByRole('form', { name: 'Add a redirect' }));
    expect(form.getByLabelText('From')).toHaveValue('/summer-sale-2025');
    expect(form.getByLabelText('To')).toHaveFocus();
    fireEvent.change(form.getByLabelText('To'), { target: { value: '/contact' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '/summer-sale-2025 now redirects to /contact (301 Moved permanently).',
      ),
    );
    expect(api.calls('createRedirect')[0]?.body).toMatchObject({
      from: '/summer-sale-2025',
      to: '/contact',
      status: '301',
    });
  });

  it('an address redirected from the log is gone from it on return, even from a cache that would not ask again yet', async () => {
    signIn();
    const log = [entry({}), entry({ path: '/blog/old-slug', count: 3 })];
    fakeApi({
      getUserData: () => makeUserData(),
      listNotFound: () => ({ body: { results: [...log], next: null, previous: null } }),
      listRedirects: () => ({
        body: { results: [], next: null, previous: null, count: 0, store: STORE },
      }),
      createRedirect: (req) => {
        // The API leaves redirected paths out of the log.
        log.splice(
          log.findIndex((e) => e.path === req.body.from),
          1,
        );
        return {
          status: 201,
          body: {
            message: 'Redirect added.',
            data: {
              from: req.body.from,
              to: req.body.to,
              status: 301,
              note: null,
              origin: 'manual',
              created_at: '2026-11-27T10:00:00.000Z',
              updated_at: '2026-11-27T10:00:00.000Z',
            },
            collapsed: [],
          },
        };
      },
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 60_000 }}>
        <MemoryRouter initialEntries={['/admin/redirects?view=not-found']}>
          <Routes>
            <Route path="/admin/redirects" element={<RedirectsPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    fireEvent.click(
      (await row('/summer-sale-2025')).getByRole('link', { name: 'Redirect /summer-sale-2025…' }),
    );
    const form = within(await screen.findByRole('form', { name: 'Add a redirect' }));
    fireEvent.change(form.getByLabelText('To'), { target: { value: '/contact' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('/summer-sale-2025 now redirects'),
    );
    fireEvent.click(screen.getByRole('link', { name: '404 log' }));
    await row('/blog/old-slug');
    await waitFor(() =>
      expect(screen.queryByText('/summer-sale-2025', { selector: 'td' })).not.toBeInTheDocument(),
    );
  });

  it('Dismiss takes an address out of the log and says it comes back if asked for again', async () => {
    const { api } = renderLog();
    fireEvent.click(
      (await row('/blog/old-slug')).getByRole('button', { name: 'Dismiss /blog/old-slug' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '/blog/old-slug was dismissed. It comes back here if someone asks for it again.',
      ),
    );
    expect(api.calls('dismissNotFound')[0]?.body).toEqual({ path: '/blog/old-slug' });
    await waitFor(() =>
      expect(screen.queryByText('/blog/old-slug', { selector: 'td' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('/summer-sale-2025', { selector: 'td' })).toBeVisible();
  });

  it('says why a dismissal failed, and keeps the row', async () => {
    renderLog('/admin/redirects?view=not-found', undefined, {
      dismissNotFound: () => ({
        status: 404,
        body: { error: 'path: is not in the 404 log.', field: 'path', code: 'not-found' },
      }),
    });
    fireEvent.click(
      (await row('/blog/old-slug')).getByRole('button', { name: 'Dismiss /blog/old-slug' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '/blog/old-slug could not be dismissed: Is not in the 404 log.',
    );
    expect(screen.getByText('/blog/old-slug', { selector: 'td' })).toBeVisible();
  });

  it('pages with Previous/Next, staying on the log, and steps back when the last row of a page is dismissed', async () => {
    const { api } = renderLog(
      '/admin/redirects?view=not-found',
      ['/a', '/b', '/c'].map((path) => entry({ path })),
    );
    await row('/a');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await row('/c');
    expect(api.calls('listNotFound').at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByTestId('search')).toHaveTextContent('?view=not-found&page=2');
    fireEvent.click((await row('/c')).getByRole('button', { name: 'Dismiss /c' }));
    await row('/a');
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?view=not-found$/);
  });

  it('says what the log is for while it is empty', async () => {
    renderLog('/admin/redirects?view=not-found', []);
    expect(await screen.findByText(/^Nothing here yet\./)).toHaveTextContent(
      'When someone opens an address this site does not have',
    );
    expect(screen.queryByText(/Times are in your time zone/)).not.toBeInTheDocument();
  });

  it('the manager and the log link to each other', async () => {
    renderLog('/admin/redirects');
    const views = within(await screen.findByRole('navigation', { name: 'Redirect views' }));
    expect(views.getByRole('link', { name: 'Redirects' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(views.getByRole('link', { name: '404 log' }));
    await row('/summer-sale-2025');
    fireEvent.click(views.getByRole('link', { name: 'Redirects' }));
    expect(await screen.findByRole('form', { name: 'Add a redirect' })).toBeVisible();
  });

  it('clears the whole log after asking, on every page, and says how many addresses left', async () => {
    const log = [
      entry({}),
      entry({ path: '/wp-login.php', count: 9, referrers: [] }),
      entry({ path: '/xmlrpc.php', count: 7, referrers: [] }),
    ];
    renderLog('/admin/redirects?view=not-found&page=2', log, {
      dismissAllNotFound: () => {
        const dismissed = log.length;
        log.splice(0, log.length);
        return { body: { message: 'The 404 log is empty.', data: { dismissed } } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the log…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Every address leaves the log');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(log).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the log…' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear the log' }),
    );
    expect(await screen.findByText(/The 404 log was cleared \(3 addresses\)/)).toBeInTheDocument();
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear the log…' })).toBeNull();
  });
});
