import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SitePage } from '@agency/shared';
import PageEditorPage from './page-editor-page';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

const page: SitePage = {
  path: '/services/seo',
  title: 'SEO services',
  description: 'Search engine optimisation.',
  keywords: undefined,
  image: undefined,
  breadcrumb: [],
  blocks: [{ id: 'hero', type: 'hero', title: 'SEO that works', parallax: 0.3 }],
  status: 'published',
  version: 4,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'ada@example.com',
  published_at: '2026-11-19T10:00:00.000Z',
  published: null,
};

function renderEditor(initial: SitePage) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    getPage: () => ({ body: { data: initial } }),
    updatePage: (req) => ({
      body: {
        message: 'Saved.',
        data: { ...initial, ...(req.json as object), version: initial.version + 1 },
      },
    }),
    listPageRevisions: () => ({ body: { data: [] } }),
  });
  renderAdmin(`/admin/pages/edit?path=${encodeURIComponent(initial.path)}`, {
    '/admin/pages/edit': <PageEditorPage />,
  });
  return api;
}

describe('page editor: search and share fields', () => {
  it('edits the share title and description, the preferred address and hiding from search engines', async () => {
    const user = userEvent.setup();
    const api = renderEditor(page);
    await user.type(await screen.findByLabelText(/^Share title/), 'SEO that pays');
    await user.type(screen.getByLabelText(/^Share description/), 'Found by the right people.');
    await user.type(screen.getByLabelText(/^Preferred address/), '/services');
    await user.click(screen.getByLabelText(/^Hide from search engines/));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/Draft saved/);
    expect(api.calls('updatePage')[0]?.json).toMatchObject({
      title: 'SEO services',
      shareTitle: 'SEO that pays',
      shareDescription: 'Found by the right people.',
      canonical: '/services',
      noindex: true,
    });
  });

  it('shows the saved values, and a bad preferred address at its field before sending', async () => {
    const user = userEvent.setup();
    const api = renderEditor({ ...page, shareTitle: 'Saved share', noindex: true });
    expect(await screen.findByLabelText(/^Share title/)).toHaveValue('Saved share');
    expect(screen.getByLabelText(/^Hide from search engines/)).toBeChecked();
    await user.type(screen.getByLabelText(/^Preferred address/), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const address = screen.getByLabelText(/^Preferred address/);
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAccessibleDescription(/Must be a site path or an https:\/\/ address/);
    expect(api.calls('updatePage')).toHaveLength(0);
  });
});
