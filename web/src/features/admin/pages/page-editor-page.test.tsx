import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageBlock, SitePage } from '@agency/shared';
import PageEditorPage from './page-editor-page';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../ui/rich-text-field', () => ({
  default: ({
    id,
    value,
    onChange,
  }: {
    id: string;
    value: string;
    onChange: (v: string) => void;
  }) => <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

afterEach(() => vi.unstubAllGlobals());

const BLOCKS: PageBlock[] = [
  { id: 'hero', type: 'hero', title: 'SEO that works', parallax: 0.3 },
  {
    id: 'why',
    type: 'whyChooseUs',
    heading: 'Why us',
    points: [{ title: 'Senior team', text: 'No juniors.' }],
  },
  {
    id: 'faq',
    type: 'faq',
    heading: 'Questions',
    items: [
      { question: 'How long?', answer: 'Three months.' },
      { question: 'How much?', answer: 'It depends.' },
    ],
  },
  {
    id: 'cta',
    type: 'cta',
    title: 'Talk to us',
    action: { label: 'Call', href: '/contact' },
    parallax: 0,
  },
];

const makePage = (overrides: Partial<SitePage> = {}): SitePage => ({
  path: '/services/seo',
  title: 'SEO services',
  description: 'Search engine optimisation.',
  keywords: undefined,
  image: undefined,
  breadcrumb: [{ name: 'Services', path: '/services' }],
  blocks: BLOCKS,
  status: 'published',
  version: 4,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'ada@example.com',
  published_at: '2026-11-19T10:00:00.000Z',
  published: null,
  ...overrides,
});

function renderEditor(handlers: Record<string, FakeHandler> = {}, page = makePage()) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    getPage: () => ({ body: { data: page } }),
    updatePage: (req) => ({
      body: {
        message: 'Saved.',
        data: { ...page, ...(req.json as object), version: page.version + 1, status: 'changed' },
      },
    }),
    listPageRevisions: () => ({ body: { data: [] } }),
    ...handlers,
  });
  renderAdmin(`/admin/pages/edit?path=${encodeURIComponent(page.path)}`, {
    '/admin/pages/edit': <PageEditorPage />,
  });
  return api;
}

/** The blocks' types in the order the cards show them. */
const types = () => [...document.querySelectorAll('.block-card__type')].map((t) => t.textContent);

describe('page editor', () => {
  it('moves a block with the keyboard: the focus follows it, the live region says where, the save sends the new order', async () => {
    const user = userEvent.setup();
    const api = renderEditor();
    const up = await screen.findByRole('button', { name: 'Move FAQ accordion up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(types()).toEqual(['Hero', 'FAQ accordion', 'Why choose us', 'Call-to-action band']);
    await waitFor(() =>
      expect(screen.getByText('FAQ accordion moved to position 2 of 4')).toBeInTheDocument(),
    );
    // The same button of the moved block has the focus (its id names its new place).
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move FAQ accordion up' }),
    );
    await user.keyboard('{Enter}');
    expect(types()[0]).toBe('FAQ accordion');
    // At the top "up" is disabled: the focus goes to "down".
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move FAQ accordion down' }),
    );
    expect(screen.getByText(/Unsaved changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/Draft saved/);
    const [save] = api.calls('updatePage');
    expect(save?.json).toMatchObject({
      path: '/services/seo',
      // Numbers travel as the form's other fields do; the contract reads them with z.coerce.
      version: '4',
      title: 'SEO services',
      breadcrumb: [{ name: 'Services', path: '/services' }],
    });
    expect((save?.json as { blocks: PageBlock[] }).blocks.map((b) => b.id)).toEqual([
      'faq',
      'hero',
      'why',
      'cta',
    ]);
  });

  it('adds a block after the current one from the menu, with blank values and the focus in its first field', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add a block below Hero' }));
    const menu = screen.getByRole('group', { name: 'Add a block' });
    expect(
      within(menu).getByText(
        'Questions that open to their answers (also given to search engines).',
      ),
    ).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: /^Testimonials/ }));
    expect(types()).toEqual([
      'Hero',
      'Testimonials',
      'Why choose us',
      'FAQ accordion',
      'Call-to-action band',
    ]);
    expect(document.activeElement).toHaveAccessibleName('Heading (optional)');
    expect(screen.getByText('Testimonials added at position 2 of 5')).toBeInTheDocument();
  });

  it('removes a block with Undo, duplicates and hides one', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Remove Why choose us' }));
    expect(types()).not.toContain('Why choose us');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    // The note takes the removed card's place: between the hero and the FAQ, not above the list.
    const note = screen.getByRole('button', { name: 'Undo' }).closest('li');
    expect(note?.previousElementSibling).toHaveTextContent('Hero');
    expect(note?.nextElementSibling).toHaveTextContent('FAQ accordion');
    await user.keyboard('{Enter}');
    expect(types()).toEqual(['Hero', 'Why choose us', 'FAQ accordion', 'Call-to-action band']);
    await user.click(screen.getByRole('button', { name: 'Duplicate Hero' }));
    expect(types().slice(0, 2)).toEqual(['Hero', 'Hero']);
    const [, copy] = screen.getAllByRole('button', { name: 'Hide Hero' });
    if (!copy) throw new Error('no copy of the hero');
    await user.click(copy);
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Show Hero' })).toHaveLength(1);
  });

  it('shows a 400 at its field: the card with the error opens and the field takes the focus', async () => {
    const user = userEvent.setup();
    renderEditor({
      updatePage: () => ({
        status: 400,
        body: {
          error: 'blocks.2.items.1.answer: must not promise rankings',
          field: 'blocks.2.items.1.answer',
          code: 'invalid',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    const [, answer] = await screen.findAllByLabelText('Answer');
    if (!answer) throw new Error('no second answer');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription('Must not promise rankings.');
    await waitFor(() => expect(answer).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('one field needs attention');
  });

  it('checks the draft before sending: every field in error is shown, the first focused', async () => {
    const user = userEvent.setup();
    const api = renderEditor();
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Is required. 0 / 60');
    expect(api.calls('updatePage')).toHaveLength(0);
  });

  it('a 409 says someone else saved; reloading keeps the edits in this browser to restore', async () => {
    const user = userEvent.setup();
    const api = renderEditor({
      updatePage: () => ({
        status: 409,
        body: {
          error: 'version: the page changed since you opened it',
          field: 'version',
          code: 'stale',
        },
      }),
    });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'SEO for shops');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this page after you opened it');
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(api.calls('getPage')).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: /Restore unsaved changes/ }));
    expect(screen.getByLabelText('Title')).toHaveValue('SEO for shops');
  });

  it('publishes; a 502 shows the server saying the page goes live by itself', async () => {
    const user = userEvent.setup();
    const api = renderEditor({
      publishPage: () => ({
        status: 502,
        body: {
          error:
            'The site could not be written now; the page goes live by itself within a few minutes.',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('goes live by itself');
    expect(api.calls('publishPage')[0]?.json).toEqual({ path: '/services/seo', version: '4' });
    expect(api.calls('updatePage')).toHaveLength(0);
  });
});

describe('page size', () => {
  /** A text block whose body is `n` letters. */
  const prose = (id: string, n: number): PageBlock =>
    ({ id, type: 'prose', body: `<p>${'a'.repeat(n)}</p>` }) as PageBlock;

  it('shows the size used against the limit beside the save bar', async () => {
    renderEditor();
    expect(await screen.findByText(/^1 KB of 150 KB$/)).toHaveClass('page-size--ok');
  });

  it('warns near the limit and past it; the server’s refusal of a page over it is said as a sentence about the page', async () => {
    const user = userEvent.setup();
    const api = renderEditor(
      {
        updatePage: () => ({
          status: 400,
          body: {
            error: 'blocks: is too large: 184 KB of at most 150 KB; shorten or remove some blocks',
            field: 'blocks',
            code: 'invalid',
          },
        }),
      },
      makePage({ blocks: [prose('a', 47_000), prose('b', 47_000), prose('c', 47_000)] }),
    );
    const size = await screen.findByText(/KB of 150 KB/);
    expect(size).toHaveTextContent(/^Page size: 13\d KB of 150 KB · near the limit$/);
    expect(size).toHaveClass('page-size--near');
    const [duplicate] = screen.getAllByRole('button', { name: /^Duplicate Text/ });
    if (!duplicate) throw new Error('no Duplicate button');
    await user.click(duplicate);
    await waitFor(() => expect(screen.getByText(/KB of 150 KB/)).toHaveClass('page-size--over'));
    expect(screen.getByText(/KB of 150 KB/)).toHaveTextContent(
      /^Page size: 18\d KB of 150 KB · over the limit: shorten or remove some blocks$/,
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page is too large: 184 KB of at most 150 KB; shorten or remove some blocks.',
    );
    expect(api.calls('updatePage')).toHaveLength(1);
  });

  it('says a 400 of the server’s size limit as a sentence about the page', async () => {
    const user = userEvent.setup();
    renderEditor({
      publishPage: () => ({
        status: 400,
        body: {
          error: 'blocks: is too large: 353 KB of at most 150 KB; shorten or remove some blocks',
          field: 'blocks',
          code: 'invalid',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page is too large: 353 KB of at most 150 KB; shorten or remove some blocks.',
    );
  });

  it('counts the title and description against what search results show, and previews the result', async () => {
    const user = userEvent.setup();
    renderEditor();
    const title = await screen.findByLabelText('Title');
    expect(screen.getByText('12 / 60')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'A very long page title that goes on and on past what search shows');
    expect(screen.getByText(/65 \/ 60 · search results cut it/)).toHaveClass('field-count--over');
    const result = screen.getByRole('figure');
    expect(result).toHaveTextContent('A very long page title that goes on and on past what …');
    expect(result).toHaveTextContent('› services › seo');
    expect(result).toHaveTextContent('Search engine optimisation.');
  });

  it('jumps to a block from the outline: the focus lands on its card', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByText('Jump to a block (4)'));
    await user.click(screen.getByRole('button', { name: /^3\. FAQ accordion/ }));
    expect(document.activeElement).toHaveAttribute('aria-expanded');
    expect(document.activeElement).toHaveTextContent('FAQ accordion');
  });

  it('undoes and redoes edits with the buttons and the keys, leaving a typed-in field its own undo', async () => {
    const user = userEvent.setup();
    renderEditor();
    const undo = await screen.findByRole('button', { name: 'Undo last change' });
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove Why choose us' }));
    await user.click(screen.getByRole('button', { name: 'Move FAQ accordion up' }));
    expect(types()).toEqual(['FAQ accordion', 'Hero', 'Call-to-action band']);
    await user.click(undo);
    expect(types()).toEqual(['Hero', 'FAQ accordion', 'Call-to-action band']);
    // Ctrl+Z on a button (not a text field) is the editor's undo.
    screen.getByRole('button', { name: 'Move Hero down' }).focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(types()).toEqual(['Hero', 'Why choose us', 'FAQ accordion', 'Call-to-action band']);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(types()).toEqual(['Hero', 'FAQ accordion', 'Call-to-action band']);
    await user.keyboard('{Control>}y{/Control}');
    expect(types()).toEqual(['FAQ accordion', 'Hero', 'Call-to-action band']);
    // Typed into: the field's own undo answers, the editor's does not take it.
    const title = screen.getByLabelText('Title');
    await user.type(title, '!');
    await user.keyboard('{Control>}z{/Control}');
    expect(types()).toEqual(['FAQ accordion', 'Hero', 'Call-to-action band']);
    // Left and back, not typed in since: Ctrl+Z there undoes the editor's last change (the "!").
    await user.click(screen.getByRole('button', { name: 'Move Hero down' }));
    await user.click(title);
    expect(title).toHaveValue('SEO services!');
    await user.keyboard('{Control>}z{/Control}');
    expect(types()).toEqual(['FAQ accordion', 'Hero', 'Call-to-action band']);
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByLabelText('Title')).toHaveValue('SEO services');
  });

  it('compares a kept version with the editor word by word, head fields and blocks', async () => {
    const user = userEvent.setup();
    const summary = {
      revision: 3,
      title: 'SEO service',
      saved_at: '2026-11-18T09:00:00.000Z',
      saved_by: null,
      reason: 'save' as const,
    };
    const api = renderEditor({
      listPageRevisions: () => ({ body: { data: [summary] } }),
      getPageRevision: () => ({
        body: {
          data: {
            ...summary,
            ...makePage(),
            title: 'SEO service',
            blocks: BLOCKS.map((b) => (b.id === 'hero' ? { ...b, title: 'SEO that sells' } : b)),
          },
        },
      }),
    });
    await user.click(await screen.findByText('Revisions'));
    await user.click(await screen.findByRole('button', { name: 'Compare revision 3' }));
    const compared = await screen.findByRole('region', {
      name: 'Revision 3 compared with the editor',
    });
    await waitFor(() => expect(compared.querySelector('.revision-diff')).not.toBeNull());
    const ins = [...compared.querySelectorAll('.revision-diff ins')].map((e) => e.textContent);
    const del = [...compared.querySelectorAll('.revision-diff del')].map((e) => e.textContent);
    expect(ins).toContain('services');
    expect(del).toContain('service');
    expect(ins).toContain('works');
    expect(del).toContain('sells');
    expect(compared).toHaveTextContent('Title: SEO');
    expect(compared).not.toHaveTextContent('Description:');
    expect(api.calls('getPageRevision')).toHaveLength(1);
  });

  it('warns at a block’s link to no page, and clears the warning once the link is fixed', async () => {
    const user = userEvent.setup();
    const page = makePage({
      blocks: BLOCKS.map((b) =>
        b.type === 'cta' ? { ...b, action: { label: 'Call', href: '/carrers' } } : b,
      ),
    });
    renderEditor(
      {
        checkPageLinks: (req) => ({
          body: {
            data: (req.json as { links: string[] }).links
              .filter((l) => l === '/carrers')
              .map((link) => ({ link, problem: `there is no page, post or redirect at ${link}` })),
          },
        }),
      },
      page,
    );
    await user.click(await screen.findByRole('button', { name: /^Call-to-action band/ }));
    const warning = await screen.findByText(
      'This link leads nowhere: there is no page, post or redirect at /carrers.',
      {},
      { timeout: 3000 },
    );
    const field = screen.getByDisplayValue('/carrers');
    expect(field.getAttribute('aria-describedby')).toContain(warning.id);
    await user.clear(field);
    await user.type(field, '/careers');
    await waitFor(() => expect(screen.queryByText(/This link leads nowhere/)).toBeNull(), {
      timeout: 3000,
    });
  });
});
