import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminListPage from './admin-list-page';
import PostEditorPage from './post-editor-page';
import PreviewPage from './preview-page';
import { SESSION_KEY } from '../shell/session';
import { abandonSignIn } from '../shell/session-renewal';
import { renderAdmin, signIn, makeUserData } from '../shell/testing';
import { fakeApi, makePost, pageBody } from '../../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  // A test that left the sign-in dialog waiting must not show it in the next one.
  abandonSignIn();
  vi.unstubAllGlobals();
});

const userOk = () => makeUserData({ name: 'admin', email: 'admin@example.com' });

describe('admin guard', () => {
  it.each([
    ['/admin', { '/admin': <AdminListPage /> }],
    ['/add-blog', { '/add-blog': <PostEditorPage /> }],
    ['/edit-blog/x', { '/edit-blog/:slug': <PostEditorPage /> }],
    ['/preview/3', { '/preview/:id': <PreviewPage /> }],
  ])('%s redirects to the login page without a session', async (path, routes) => {
    const api = fakeApi({});
    renderAdmin(path, routes);
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('asks to sign in over the page when an admin call answers 401 and renewal is refused', async () => {
    signIn();
    fakeApi({
      getUserData: userOk,
      listPosts: () => ({ status: 401, body: { error: 'Your session has expired.' } }),
      refreshSession: () => ({ status: 401, body: { error: 'Your session has ended.' } }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('logs out when the user-data check fails', async () => {
    signIn();
    fakeApi({
      getUserData: () => ({ status: 403, body: { error: 'Not an admin.' } }),
      listPosts: () => ({ body: pageBody([], 1, false) }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('admin post list', () => {
  it('shows the table with Null categories and real calendar months, pages, and deletes after confirmation', async () => {
    signIn('tok-9');
    const first = makePost({
      id: 101,
      title: 'First',
      slug: 'first',
      category: null,
      created_at: '2025-03-05T12:00:00.000Z',
    });
    const second = makePost({ id: 102, title: 'Second', slug: 'second' });
    let deleted = false;
    const api = fakeApi({
      getUserData: userOk,
      listPosts: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        if (page === 2)
          return { body: pageBody([makePost({ id: 103, title: 'Third' })], 2, false) };
        return { body: pageBody(deleted ? [second] : [first, second], 1, true) };
      },
      deletePost: () => {
        deleted = true;
        return { body: { message: 'Deleted.', data: { id: 101 } } };
      },
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    const row = (await screen.findByRole('cell', { name: 'First' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('cell', { name: 'Null' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '5 - 3 - 2025' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit First' })).toHaveAttribute(
      'href',
      '/edit-blog/first',
    );
    expect(api.calls('listPosts')[0]?.headers.get('authorization')).toBe('Bearer tok-9');
    expect(api.calls('getUserData')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/admin/leads');

    fireEvent.click(within(row).getByRole('button', { name: 'Delete First' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Move this post to the Trash?' });
    expect(dialog).toHaveTextContent('You can restore it from the Trash for 30 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('deletePost')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete First' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Move to Trash' }),
    );
    expect(await screen.findByText(/“First” was moved to the Trash\./)).toBeInTheDocument();
    expect(api.calls('deletePost')[0]?.body).toEqual({ id: '101' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'First' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Third' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('links a published post to its public page, and lists the Trash with Restore and, for admins, Delete for good', async () => {
    signIn();
    const live = makePost({ id: 11, title: 'Live', slug: 'live' });
    const draft = makePost({ id: 12, title: 'Unfinished', slug: 'unfinished', status: 'draft' });
    const binned = makePost({
      id: 13,
      title: 'Binned',
      slug: 'binned',
      status: 'trashed',
      publish_at: null,
      purge_at: '2026-12-25T10:00:00.000Z',
    });
    let inTrash = [binned];
    const api = fakeApi({
      getUserData: userOk,
      listPosts: (req) =>
        req.url.searchParams.get('status') === 'trashed'
          ? { body: pageBody(inTrash, 1, false) }
          : { body: pageBody([live, draft], 1, false) },
      untrashPost: () => {
        inTrash = [];
        return { body: { data: { ...binned, status: 'draft', purge_at: null } } };
      },
      purgePost: () => ({ body: { message: 'Deleted.', data: { id: 13 } } }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    const view = await screen.findByRole('link', { name: 'View Live on the blog' });
    expect(view).toHaveAttribute('href', '/blog/live');
    expect(view).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'View Unfinished on the blog' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'trashed' } });
    const row = (await screen.findByRole('cell', { name: 'Binned' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('cell', { name: '25 - 12 - 2026' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Deleted for good on' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Edit Binned' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Delete Binned for good' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Binned' }));
    expect(await screen.findByText('“Binned” was restored as a draft.')).toBeInTheDocument();
    expect(api.calls('untrashPost')[0]?.body).toEqual({ id: '13' });
    expect(await screen.findByText('The Trash is empty.')).toBeInTheDocument();
  });

  it('offers editors Restore but not Delete for good', async () => {
    signIn();
    fakeApi({
      getUserData: () =>
        makeUserData({ groups: ['editors'], role: 'editor', email: 'e@example.com' }),
      listPosts: () => ({
        body: pageBody(
          [makePost({ id: 21, title: 'Gone', status: 'trashed', publish_at: null })],
          1,
          false,
        ),
      }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    fireEvent.change(await screen.findByLabelText('Show'), { target: { value: 'trashed' } });
    expect(await screen.findByRole('button', { name: 'Restore Gone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Gone for good' })).toBeNull();
  });

  it('keeps every cell of a row a table cell, so the row lines meet across the Action column', async () => {
    const style = document.createElement('style');
    style.textContent = readFileSync(join(__dirname, '../ui/admin.css'), 'utf8');
    document.head.append(style);
    signIn();
    fakeApi({
      getUserData: userOk,
      listPosts: () => ({ body: pageBody([makePost({ id: 7, title: 'Seventh' })], 1, false) }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    const row = (await screen.findByRole('cell', { name: 'Seventh' })).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(7);
    expect(cells.map((c) => getComputedStyle(c).display)).toEqual(Array(7).fill('table-cell'));
    expect(cells.at(-1)).toContainElement(screen.getByRole('button', { name: 'Delete Seventh' }));
    style.remove();
  });

  it('Logout clears the session and revokes the session cookie', async () => {
    signIn();
    const api = fakeApi({
      getUserData: userOk,
      listPosts: () => ({ body: pageBody([], 1, false) }),
      logoutSession: () => ({ status: 204, body: '' }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await waitFor(() => expect(api.calls('logoutSession')).toHaveLength(1));
    expect(api.calls('logoutSession')[0]?.headers.get('x-requested-with')).toBe('fetch');
  });
});

describe('statuses in the admin list', () => {
  it('shows a status badge per row and narrows the list with the status filter', async () => {
    signIn('tok-5');
    const api = fakeApi({
      getUserData: userOk,
      listPosts: (req) => {
        const status = req.url.searchParams.get('status');
        const all = [
          makePost({ id: 1, title: 'Live one' }),
          makePost({
            id: 2,
            title: 'Plan',
            status: 'scheduled',
            publish_at: '2031-01-02T03:04:00.000Z',
          }),
          makePost({ id: 3, title: 'Idea', status: 'draft', publish_at: null }),
        ];
        return {
          body: pageBody(
            all.filter((p) => !status || p.status === status),
            1,
            false,
          ),
        };
      },
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    const row = async (title: string) =>
      (await screen.findByRole('cell', { name: title })).closest('tr') as HTMLElement;
    expect(within(await row('Live one')).getByText('Published')).toBeInTheDocument();
    expect(within(await row('Plan')).getByText(/^Scheduled/)).toHaveTextContent(/2031/);
    expect(within(await row('Idea')).getByText('Draft')).toBeInTheDocument();
    expect(api.calls('listPosts')[0]?.headers.get('authorization')).toBe('Bearer tok-5');
    expect(api.calls('listPosts')[0]?.url.searchParams.has('status')).toBe(false);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'draft' } });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Live one' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Idea' })).toBeInTheDocument();
    expect(api.calls('listPosts').at(-1)?.url.searchParams.get('status')).toBe('draft');
  });
});

describe('searching the post list', () => {
  it('sends the search, category and author to the server, keeps the search with later filters, and says when nothing matches', async () => {
    signIn('tok-6');
    const found = makePost({ id: 7, title: 'Harbour photos', slug: 'harbour-photos' });
    const api = fakeApi({
      getUserData: userOk,
      listCategories: () => ({ body: { data: [{ id: 4, category: 'Design' }] } }),
      listAuthors: () => ({ body: { data: [{ id: 9, name: 'Ada' }] } }),
      listPosts: (req) => {
        const q = req.url.searchParams.get('q');
        const other = makePost({ id: 8, title: 'Other', slug: 'other' });
        if (q === 'nothing') return { body: pageBody([], 1, false) };
        return { body: pageBody(q ? [found] : [found, other], 1, false) };
      },
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    await screen.findByRole('cell', { name: 'Other' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: '  harbour ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Other' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Harbour photos' })).toBeInTheDocument();
    expect(api.calls('listPosts').at(-1)?.url.searchParams.get('q')).toBe('harbour');

    await screen.findByRole('option', { name: 'Design' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '4' } });
    await waitFor(() =>
      expect(api.calls('listPosts').at(-1)?.url.searchParams.get('category_id')).toBe('4'),
    );
    await screen.findByRole('option', { name: 'Ada' });
    fireEvent.change(screen.getByLabelText('Author'), { target: { value: '9' } });
    await waitFor(() =>
      expect(api.calls('listPosts').at(-1)?.url.searchParams.get('author_id')).toBe('9'),
    );
    // The search stays with the filters chosen after it.
    expect(api.calls('listPosts').at(-1)?.url.searchParams.get('q')).toBe('harbour');

    fireEvent.change(search, { target: { value: 'nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No posts match “nothing”.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('cell', { name: 'Other' })).toBeInTheDocument();
    expect(search).toHaveValue('');
    // The whole list again: from the cache at once, or asked for anew (when the cache is stale),
    // never with the cleared search.
    const queries = api.calls('listPosts').map((c) => c.url.searchParams.get('q'));
    expect(queries.slice(queries.lastIndexOf('nothing') + 1).every((q) => q === null)).toBe(true);
  });
});

describe('preview', () => {
  it('renders a draft with the public article, never counting a view, marked as a preview', async () => {
    signIn('tok-7');
    const api = fakeApi({
      previewPost: () => ({
        body: {
          data: {
            post: makePost({
              id: 3,
              slug: 'idea',
              title: 'Idea in progress',
              status: 'draft',
              publish_at: null,
              content: '<p>Draft body<img src=x onerror="window.__x=1"></p>',
            }),
            prev_post: { slug: 'older', title: 'Older post' },
            next_post: null,
          },
        },
      }),
      listPosts: () => ({ body: pageBody([makePost({ id: 9, title: 'Public one' })], 1, false) }),
    });
    renderAdmin('/preview/3', { '/preview/:id': <PreviewPage /> });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Idea in progress' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Preview' })).toHaveTextContent(
      /Draft.*not on the blog/,
    );
    expect(screen.getByText('Draft body')).toBeInTheDocument();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: /Older post/ })).toHaveAttribute('href', '/blog/older');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(api.calls('previewPost')[0]?.url.searchParams.get('id')).toBe('3');
    expect(api.calls('previewPost')[0]?.headers.get('authorization')).toBe('Bearer tok-7');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls('increaseView')).toHaveLength(0);
  });
});
