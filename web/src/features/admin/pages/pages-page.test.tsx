import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SitePage, SitePageSummary } from '@agency/shared';
import PagesPage from './pages-page';
import { editorData, makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const summary = (overrides: Partial<SitePageSummary>): SitePageSummary => ({
  path: '/about',
  title: 'About us',
  status: 'published',
  version: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: '4cd31e20-0b7a-4c55-9d1e-3f7a2b9c8d10',
  updated_by_name: 'Ada Lovelace',
  published_at: '2026-11-19T10:00:00.000Z',
  ...overrides,
});

const PAGES: SitePageSummary[] = [
  summary({ path: '/', title: 'Home' }),
  summary({ path: '/about', title: 'About us', status: 'published' }),
  summary({ path: '/services/seo', title: 'SEO services', status: 'changed' }),
  summary({ path: '/spring', title: 'Spring campaign', status: 'draft', published_at: null }),
];

const created = (path: string, title: string): SitePage => ({
  path,
  title,
  description: 'About the agency.',
  keywords: undefined,
  image: undefined,
  breadcrumb: [],
  blocks: [],
  status: 'draft',
  version: 0,
  updated_at: '2026-11-21T10:00:00.000Z',
  updated_by: 'ada@example.com',
  published_at: null,
  published: null,
});

function renderList(handlers: Record<string, FakeHandler> = {}) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    listPages: () => ({ body: { data: PAGES } }),
    ...handlers,
  });
  renderAdmin('/admin/pages', {
    '/admin/pages': <PagesPage />,
    '/admin/pages/edit': <h1>Page editor screen</h1>,
  });
  return api;
}

/** The row of the table that shows the page titled `title`. */
const rowOf = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('tr') ?? document.body;

describe('pages list', () => {
  it('shows each page with its status in words', async () => {
    renderList();
    expect(within(await rowOf('About us')).getByText('Published')).toBeInTheDocument();
    expect(
      within(await rowOf('SEO services')).getByText('Changes not published'),
    ).toBeInTheDocument();
    const draft = await rowOf('Spring campaign');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    // A page never published has nothing live to view.
    expect(within(draft).queryByRole('link', { name: /live/ })).not.toBeInTheDocument();
    // Who changed it last, by name: never the account id the record keeps.
    const about = await rowOf('About us');
    expect(about).toHaveTextContent('by Ada Lovelace');
    expect(about).not.toHaveTextContent('4cd31e20');
  });

  it('New page: a copy of the chosen template at the given address, opened in the editor', async () => {
    const user = userEvent.setup();
    const api = renderList({
      createPage: (req) => {
        const body = req.json as { path: string; title?: string };
        return { status: 201, body: { message: 'Created.', data: created(body.path, 'About us') } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    await user.selectOptions(within(dialog).getByLabelText('Template'), '/about');
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await user.type(address, ' /about-the-team ');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await screen.findByRole('heading', { name: 'Page editor screen' });
    expect(api.calls('createPage')[0]?.json).toEqual({ path: '/about-the-team', from: '/about' });
    expect(screen.getByTestId('search')).toHaveTextContent(
      `?path=${encodeURIComponent('/about-the-team')}`,
    );
  });

  it('New page: an address the API refuses is shown at the address field', async () => {
    const user = userEvent.setup();
    renderList({
      createPage: () => ({
        status: 400,
        body: {
          error: 'path: must be lower-case words joined by hyphens',
          field: 'path',
          code: 'invalid',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await user.type(address, '/Spring Campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription(
      expect.stringMatching(/must be lower-case words joined by hyphens/i),
    );
    // At the field, not above the form; the dialog stays open.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page editor screen' })).not.toBeInTheDocument();
  });

  it('Retire (admin): sends deletePage with the chosen redirect and says where the address goes', async () => {
    const user = userEvent.setup();
    const api = renderList({
      deletePage: (req) => {
        const body = req.json as { path: string; redirect_to?: string };
        return {
          body: {
            message: 'Retired.',
            data: { path: body.path, redirect_to: body.redirect_to ?? null },
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retire SEO services' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire SEO services?' });
    await user.selectOptions(within(dialog).getByLabelText('Send its visitors to'), '/about');
    await user.click(within(dialog).getByRole('button', { name: 'Retire page' }));
    expect(
      await screen.findByText('/services/seo was retired: its address now redirects to /about.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('deletePage')[0]?.json).toEqual({
      path: '/services/seo',
      redirect_to: '/about',
    });
  });

  it('an editor does not see Retire', async () => {
    renderList({ getUserData: () => editorData() });
    await rowOf('SEO services');
    // The role is known: the header names the editor (the session alone says "admin").
    await screen.findByRole('link', { name: /Eddie/ });
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(PAGES.length);
    expect(screen.queryByRole('button', { name: /^Retire/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Site settings' })).not.toBeInTheDocument();
  });
});

describe('finding and restoring pages', () => {
  const RETIRED = summary({
    path: '/old-offer',
    title: 'Old offer',
    status: 'draft',
    published_at: null,
    retired_at: '2026-11-22T10:00:00.000Z',
    redirect_to: '/blog/new-offer',
  });

  it('asks the server for the text and status chosen, and lists retired pages with where they lead', async () => {
    const user = userEvent.setup();
    const api = renderList({
      listPages: (req) => {
        const status = req.url.searchParams.get('status');
        const q = req.url.searchParams.get('q');
        if (status === 'retired') return { body: { data: [RETIRED] } };
        if (q) return { body: { data: PAGES.filter((p) => p.title.includes(q)) } };
        return { body: { data: PAGES } };
      },
      restorePage: (req) => ({
        body: {
          message: 'Restored.',
          data: created((req.json as { path: string }).path, 'Old offer'),
        },
      }),
    });
    await rowOf('About us');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'About us' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('link', { name: 'Spring campaign' })).toBeInTheDocument();
    expect(api.calls('listPages').at(-1)?.url.searchParams.get('q')).toBe('Spring');

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await user.selectOptions(screen.getByLabelText('Show'), 'retired');
    const row = (await screen.findByText('Old offer')).closest('tr') ?? document.body;
    expect(row).toHaveTextContent('Retired');
    expect(row).toHaveTextContent('Redirects to /blog/new-offer');
    await user.click(within(row).getByRole('button', { name: 'Restore Old offer' }));
    expect(
      await screen.findByText(
        '/old-offer is back as a draft: review it, then publish it to put it on the site.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('restorePage')[0]?.json).toEqual({ path: '/old-offer' });
  });

  it('Retire can lead to any address typed in, and is not offered for the site’s own pages', async () => {
    const user = userEvent.setup();
    const api = renderList({
      deletePage: (req) => {
        const body = req.json as { path: string; redirect_to?: string };
        return {
          body: {
            message: 'Retired.',
            data: { path: body.path, redirect_to: body.redirect_to ?? null },
          },
        };
      },
    });
    await rowOf('About us');
    expect(screen.queryByRole('button', { name: 'Retire About us' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retire Spring campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire Spring campaign?' });
    await user.selectOptions(within(dialog).getByLabelText('Send its visitors to'), 'other');
    await user.type(within(dialog).getByLabelText('Address'), '/blog/spring-recap');
    await user.click(within(dialog).getByRole('button', { name: 'Retire page' }));
    expect(
      await screen.findByText(
        '/spring was retired: its address now redirects to /blog/spring-recap.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('deletePage')[0]?.json).toEqual({
      path: '/spring',
      redirect_to: '/blog/spring-recap',
    });
  });
});
