import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REDIRECT_BUDGET_BYTES,
  REDIRECT_STATUSES,
  type Redirect,
  type RedirectStatus,
} from '@agency/shared';
import RedirectsPage from './redirects-page';
import { editorData, makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';
import { formatAdminDateTime } from '../ui/format-admin-date';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const redirect = (overrides: Partial<Redirect>): Redirect => ({
  from: '/old-services',
  to: '/services',
  status: 301,
  note: null,
  origin: 'manual',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T09:30:00.000Z',
  ...overrides,
});

const asStatus = (sent: string | undefined): RedirectStatus =>
  REDIRECT_STATUSES.find((s) => String(s) === sent) ?? 301;

// As the API answers: the redirects' share of the store (its 5 MB less the pages' room).
const STORE = { bytes: 2048, max_bytes: REDIRECT_BUDGET_BYTES };

/**
 * The page over a fake table of redirects that the fake API's writes change: a search matches
 * sources, targets and notes; 2 a page, so paging shows with three.
 */
function renderRedirects(
  path = '/admin/redirects',
  handlers: Record<string, FakeHandler> = {},
  table: Redirect[] = [
    redirect({}),
    redirect({
      from: '/blog/old-slug',
      to: '/blog/new-slug',
      origin: 'slug-change',
      updated_at: '2026-11-22T08:00:00.000Z',
    }),
  ],
) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    listRedirects: (req) => {
      const q = req.url.searchParams.get('q')?.toLowerCase();
      const page = Number(req.url.searchParams.get('page') ?? '1');
      const found = table.filter(
        (r) => !q || [r.from, r.to, r.note ?? ''].some((v) => v.toLowerCase().includes(q)),
      );
      return {
        body: {
          results: found.slice((page - 1) * 2, page * 2),
          next: found.length > page * 2 ? `/api/user/redirects?page=${page + 1}` : null,
          previous: page > 1 ? `/api/user/redirects?page=${page - 1}` : null,
          count: found.length,
          store: STORE,
        },
      };
    },
    createRedirect: (req) => {
      const made = redirect({
        from: req.body.from,
        to: req.body.to,
        status: asStatus(req.body.status),
        note: req.body.note || null,
      });
      // A redirect that led to the new source now leads straight on (the chain collapsed).
      const collapsed = table
        .filter((r) => r.to === made.from)
        .map((r) => Object.assign(r, { to: made.to }));
      table.push(made);
      return { status: 201, body: { message: 'Redirect added.', data: made, collapsed } };
    },
    updateRedirect: (req) => {
      const r = table.find((t) => t.from === req.body.from);
      if (!r) return { status: 404, body: { error: 'from: no such redirect.', field: 'from' } };
      Object.assign(r, {
        to: req.body.to,
        status: asStatus(req.body.status),
        note: req.body.note || null,
      });
      return { body: { message: 'Redirect changed.', data: r, collapsed: [] } };
    },
    deleteRedirect: (req) => {
      const at = table.findIndex((t) => t.from === req.body.from);
      table.splice(at, 1);
      return { body: { message: 'Redirect deleted.', data: { from: req.body.from } } };
    },
    ...handlers,
  });
  renderAdmin(path, { '/admin/redirects': <RedirectsPage /> });
  return { api, table };
}

const addForm = () => within(screen.getByRole('form', { name: 'Add a redirect' }));

/** The status line says this (it is always there, empty until an action ends). */
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

/** The row of the redirect from `from`. */
const row = async (from: string) => {
  const cell = await screen.findByText(from, { selector: 'td' });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${from}`);
  return within(tr);
};

describe('redirect manager', () => {
  it('lists redirects with their type in words, when each last changed, and which came from a slug change', async () => {
    renderRedirects();
    const table = await screen.findByRole('table', { name: 'Redirects, by old address' });
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
        '/old-services',
        '/services',
        '301 Moved permanently',
        '—',
        formatAdminDateTime('2026-11-21T09:30:00.000Z'),
      ],
      [
        '/blog/old-slug',
        '/blog/new-slug',
        '301 Moved permanently',
        'Made when a post’s slug changed',
        formatAdminDateTime('2026-11-22T08:00:00.000Z'),
      ],
    ]);
    expect(within(table).getByRole('link', { name: '/services' })).toHaveAttribute(
      'href',
      '/services',
    );
    expect(
      screen.getByText(
        '2 redirects. Redirects use 2 KB of the 4.5 MB they may take at the edge (<0.1%).',
      ),
    ).toBeVisible();
    // Linked in the admin navigation, and current there.
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Redirects',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('offers the four statuses in plain words, 301 first', async () => {
    renderRedirects();
    await row('/old-services');
    const type = addForm().getByLabelText('Type');
    expect(type).toHaveValue('301');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '301 Moved permanently',
      '302 Moved for now',
      '307 Moved for now, same method',
      '308 Moved permanently, same method',
    ]);
  });

  it('adds a redirect with its type and note, says which redirects now lead straight on, and empties the form', async () => {
    const { api } = renderRedirects();
    await row('/old-services');
    const form = addForm();
    fireEvent.change(form.getByLabelText('From'), { target: { value: '/services' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '/what-we-do?ref=old' } });
    fireEvent.change(form.getByLabelText('Type'), { target: { value: '302' } });
    fireEvent.change(form.getByLabelText(/Note/), { target: { value: 'Spring rename' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await statusSays(
      '/services now redirects to /what-we-do?ref=old (302 Moved for now). One redirect that led to /services now leads straight to /what-we-do?ref=old.',
    );
    expect(api.calls('createRedirect')[0]?.body).toEqual({
      from: '/services',
      to: '/what-we-do?ref=old',
      status: '302',
      note: 'Spring rename',
    });
    expect(form.getByLabelText('From')).toHaveValue('');
    expect(form.getByLabelText('To')).toHaveValue('');
    expect(form.getByLabelText('Type')).toHaveValue('301');
    // The list is read again: the collapsed redirect shows its new target.
    expect(
      (await row('/old-services')).getByRole('link', { name: '/what-we-do?ref=old' }),
    ).toBeVisible();
  });

  it('shows a refused target at the To field, named as the form names it, and focuses it', async () => {
    renderRedirects('/admin/redirects', {
      createRedirect: () => ({
        status: 400,
        body: {
          error: 'to: must be a site path starting with / or an https:// address',
          field: 'to',
          code: 'invalid',
        },
      }),
    });
    await row('/old-services');
    const form = addForm();
    fireEvent.change(form.getByLabelText('From'), { target: { value: '/promo' } });
    const to = form.getByLabelText('To');
    fireEvent.change(to, { target: { value: 'http://example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription(
      'A path of this site, or a whole https:// address. Must be a site path starting with / or an https:// address.',
    );
    expect(to).toHaveFocus();
    expect(to).toHaveValue('http://example.com');
    expect(form.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    // Typing again clears the refusal.
    fireEvent.change(to, { target: { value: 'https://example.com' } });
    expect(to).not.toHaveAttribute('aria-invalid');
  });

  it('shows a loop or a live page (409 on from) at the From field', async () => {
    renderRedirects('/admin/redirects', {
      createRedirect: () => ({
        status: 409,
        body: {
          error: 'from: /about is a live page of the site.',
          field: 'from',
          code: 'conflict',
        },
      }),
    });
    await row('/old-services');
    const form = addForm();
    const from = form.getByLabelText('From');
    fireEvent.change(from, { target: { value: '/about' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '/services' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await waitFor(() => expect(from).toHaveFocus());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('/about is a live page of the site.')).toBeVisible();
  });

  it("drops the last save's message when the next save is refused", async () => {
    let first = true;
    renderRedirects('/admin/redirects', {
      createRedirect: (req) => {
        if (!first)
          return {
            status: 409,
            body: {
              error: 'from: /about is a live page of the site.',
              field: 'from',
              code: 'conflict',
            },
          };
        first = false;
        return {
          status: 201,
          body: {
            message: 'Redirect added.',
            data: redirect({ from: req.body.from, to: req.body.to }),
            collapsed: [],
          },
        };
      },
    });
    await row('/old-services');
    const form = addForm();
    const add = (from: string) => {
      fireEvent.change(form.getByLabelText('From'), { target: { value: from } });
      fireEvent.change(form.getByLabelText('To'), { target: { value: '/services' } });
      fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    };
    add('/promo');
    await statusSays('/promo now redirects to /services (301 Moved permanently).');
    add('/about');
    await waitFor(() =>
      expect(form.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.queryByText(/now redirects to/)).toBeNull();
  });

  it('opened with ?from= fills in the old address, starts at To, and drops it from the address once added', async () => {
    const { api } = renderRedirects('/admin/redirects?from=/summer-sale-2025');
    await row('/old-services');
    const form = addForm();
    expect(form.getByLabelText('From')).toHaveValue('/summer-sale-2025');
    expect(form.getByLabelText('To')).toHaveFocus();
    fireEvent.change(form.getByLabelText('To'), { target: { value: '/contact' } });
    fireEvent.click(form.getByRole('button', { name: 'Add redirect' }));
    await statusSays('/summer-sale-2025 now redirects to /contact');
    expect(api.calls('createRedirect')[0]?.body.from).toBe('/summer-sale-2025');
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('ignores a ?from= that is not a site path', async () => {
    renderRedirects('/admin/redirects?from=https://evil.example/x');
    await row('/old-services');
    expect(addForm().getByLabelText('From')).toHaveValue('');
  });

  it('edits a redirect in the form: the source kept, the rest sent with PUT', async () => {
    const { api } = renderRedirects();
    fireEvent.click(
      (await row('/old-services')).getByRole('button', {
        name: 'Edit the redirect from /old-services',
      }),
    );
    const form = within(screen.getByRole('form', { name: 'Edit the redirect from /old-services' }));
    expect(form.getByLabelText('From')).toHaveAttribute('readonly');
    const to = form.getByLabelText('To');
    expect(to).toHaveValue('/services');
    expect(to).toHaveFocus();
    fireEvent.change(to, { target: { value: '/services/web' } });
    fireEvent.change(form.getByLabelText('Type'), { target: { value: '308' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await statusSays(
      'The redirect from /old-services now leads to /services/web (308 Moved permanently, same method).',
    );
    expect(api.calls('updateRedirect')[0]?.body).toEqual({
      from: '/old-services',
      to: '/services/web',
      status: '308',
      note: '',
    });
    // Back to adding.
    expect(screen.getByRole('form', { name: 'Add a redirect' })).toBeVisible();
    expect(await (await row('/old-services')).findByText('/services/web')).toBeVisible();
  });

  it('Cancel leaves an edit unsent', async () => {
    const { api } = renderRedirects();
    fireEvent.click(
      (await row('/old-services')).getByRole('button', {
        name: 'Edit the redirect from /old-services',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Add a redirect' })).toBeVisible();
    expect(api.calls('updateRedirect')).toEqual([]);
  });

  it('deletes a redirect only once confirmed', async () => {
    const { api } = renderRedirects();
    const deleteButton = (await row('/old-services')).getByRole('button', {
      name: 'Delete the redirect from /old-services',
    });
    fireEvent.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this redirect?' });
    expect(dialog).toHaveTextContent('/old-services will no longer lead to /services.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('deleteRedirect')).toEqual([]);

    fireEvent.click(deleteButton);
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete redirect' }),
    );
    await statusSays('The redirect from /old-services was deleted');
    expect(api.calls('deleteRedirect')[0]?.body).toEqual({ from: '/old-services' });
    await waitFor(() =>
      expect(screen.queryByText('/old-services', { selector: 'td' })).not.toBeInTheDocument(),
    );
  });

  it('searches with q in the address and pages with Previous/Next', async () => {
    const many = ['/a-1', '/a-2', '/a-3', '/b-1'].map((from) => redirect({ from }));
    const { api } = renderRedirects('/admin/redirects', {}, many);
    await row('/a-1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: '/a-' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('3 redirects match “/a-”.', { exact: false })).toBeVisible();
    expect(api.calls('listRedirects').at(-1)?.url.searchParams.get('q')).toBe('/a-');
    expect(screen.getByTestId('search')).toHaveTextContent('?q=%2Fa-');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await row('/a-3');
    expect(api.calls('listRedirects').at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByText('/b-1', { selector: 'td' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'nothing-like-it' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No redirects match “nothing-like-it”.')).toBeVisible();
  });

  it('says what redirects are for while there are none', async () => {
    renderRedirects('/admin/redirects', {}, []);
    expect(await screen.findByText(/^No redirects yet\./)).toHaveTextContent(
      'Renaming a published post’s slug adds one by itself',
    );
  });

  it('opens for editors too', async () => {
    signIn();
    fakeApi({
      getUserData: () => editorData(),
      listRedirects: () => ({
        body: { results: [], next: null, previous: null, count: 0, store: STORE },
      }),
    });
    renderAdmin('/admin/redirects', { '/admin/redirects': <RedirectsPage /> });
    expect(await screen.findByText(/^No redirects yet\./)).toBeVisible();
    expect(screen.queryByText(/does not include/)).not.toBeInTheDocument();
  });
});
