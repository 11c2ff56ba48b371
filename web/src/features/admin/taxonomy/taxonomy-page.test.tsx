import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Author, Category } from '@agency/shared';
import PostEditorPage from '../posts/post-editor-page';
import TaxonomyPage from './taxonomy-page';
import { renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

// Quill needs a real browser; only the editor's dropdowns matter here.
vi.mock('../posts/rich-text-editor', () => ({ default: () => <textarea aria-label="Content" /> }));

beforeEach(() => signIn('tok-t'));
afterEach(() => vi.unstubAllGlobals());

/** A fake server keeping categories and authors, with the real call shapes. */
function fakeServer() {
  const categories: Category[] = [
    { id: 1, category: 'SEO' },
    { id: 2, category: 'Branding' },
  ];
  const authors: Author[] = [{ id: 1, name: 'Asha Rao' }];
  const api = fakeApi({
    listCategories: () => ({ body: { data: [...categories] } }),
    listAuthors: () => ({ body: { data: [...authors] } }),
    createCategory: ({ body }) => {
      const name = (body.category ?? '').trim();
      if (categories.some((c) => c.category.toLowerCase() === name.toLowerCase()))
        return {
          status: 409,
          body: {
            error: 'category: another category already has this name',
            field: 'category',
            code: 'taken',
          },
        };
      const created = { id: categories.length + 1, category: name };
      categories.push(created);
      return { status: 201, body: { data: created } };
    },
    renameCategory: ({ body }) => {
      const found = categories.find((c) => c.id === Number(body.id));
      if (!found) return { status: 404, body: { error: 'The category was not found.' } };
      found.category = body.category ?? '';
      return { body: { data: found } };
    },
    deleteCategory: ({ body }) => {
      if (body.id === '1')
        return {
          status: 409,
          body: {
            error: '“SEO” is used by 2 posts: give them another category before deleting it.',
          },
        };
      categories.splice(
        categories.findIndex((c) => c.id === Number(body.id)),
        1,
      );
      return { body: { message: 'Category deleted.', data: { id: Number(body.id) } } };
    },
    createAuthor: ({ body }) => {
      const created = { id: authors.length + 1, name: body.name ?? '' };
      authors.push(created);
      return { status: 201, body: { data: created } };
    },
    renameAuthor: ({ body }) => ({
      status: 400,
      body: {
        error: `name: must be at most 60 characters (got ${body.name?.length})`,
        field: 'name',
        code: 'too-long',
      },
    }),
  });
  return { api, categories, authors };
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('categories and authors page', () => {
  it('redirects to the login page without a session, calling nothing', async () => {
    localStorage.clear();
    const { api } = fakeServer();
    renderAdmin('/admin/taxonomy', { '/admin/taxonomy': <TaxonomyPage /> });
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('lists both kinds, adds one, and the editor’s dropdown offers it', async () => {
    const { api } = fakeServer();
    renderAdmin('/admin/taxonomy', {
      '/admin/taxonomy': <TaxonomyPage />,
      '/add-blog': <PostEditorPage />,
    });
    const categories = await section('Categories');
    expect(await categories.findByText('SEO')).toBeInTheDocument();
    expect((await section('Authors')).getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories & authors' })).toHaveAttribute(
      'href',
      '/admin/taxonomy',
    );

    fireEvent.change(categories.getByLabelText('New category'), {
      target: { value: '  Growth ' },
    });
    fireEvent.click(categories.getByRole('button', { name: 'Add category' }));
    expect(await categories.findByText('“Growth” was added.')).toBeInTheDocument();
    expect(api.calls('createCategory')[0]?.body).toEqual({ category: 'Growth' });
    expect(api.calls('createCategory')[0]?.headers.get('authorization')).toBe('Bearer tok-t');
    expect(await categories.findByText('Growth')).toBeInTheDocument();
    expect(categories.getByLabelText('New category')).toHaveValue('');

    fireEvent.click(screen.getByRole('link', { name: 'Add blog' }));
    const select = await screen.findByLabelText('Category');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Growth' })).toBeInTheDocument(),
    );
  });

  it('shows why a name is refused next to the field, without a call for an empty one', async () => {
    const { api } = fakeServer();
    renderAdmin('/admin/taxonomy', { '/admin/taxonomy': <TaxonomyPage /> });
    const categories = await section('Categories');
    await categories.findByText('SEO');
    const input = categories.getByLabelText('New category');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(categories.getByRole('button', { name: 'Add category' }));
    expect(await categories.findByRole('alert')).toHaveTextContent('Name is required.');
    expect(api.calls('createCategory')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'seo' } });
    fireEvent.click(categories.getByRole('button', { name: 'Add category' }));
    expect(await categories.findByRole('alert')).toHaveTextContent(
      'Another category already has this name.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('seo');
  });

  it('renames in place: Save sends the new name, Escape and Cancel send nothing', async () => {
    const { api } = fakeServer();
    renderAdmin('/admin/taxonomy', { '/admin/taxonomy': <TaxonomyPage /> });
    const categories = await section('Categories');
    await categories.findByText('Branding');

    fireEvent.click(categories.getByRole('button', { name: 'Rename Branding' }));
    const input = categories.getByLabelText('New name of the category “Branding”');
    expect(input).toHaveValue('Branding');
    expect(input).toHaveFocus();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(categories.queryByLabelText('New name of the category “Branding”')).toBeNull();
    expect(categories.getByRole('button', { name: 'Rename Branding' })).toHaveFocus();

    fireEvent.click(categories.getByRole('button', { name: 'Rename Branding' }));
    fireEvent.change(categories.getByLabelText('New name of the category “Branding”'), {
      target: { value: 'Brand Strategy' },
    });
    fireEvent.click(categories.getByRole('button', { name: 'Save' }));
    expect(
      await categories.findByText('“Branding” was renamed to “Brand Strategy”.'),
    ).toBeInTheDocument();
    expect(api.calls('renameCategory')[0]?.body).toEqual({ id: '2', category: 'Brand Strategy' });
    expect(await categories.findByText('Brand Strategy')).toBeInTheDocument();
    expect(categories.queryByText('Branding')).toBeNull();

    const authors = await section('Authors');
    fireEvent.click(authors.getByRole('button', { name: 'Rename Asha Rao' }));
    fireEvent.change(authors.getByLabelText('New name of the author “Asha Rao”'), {
      target: { value: 'Asha R.' },
    });
    fireEvent.click(authors.getByRole('button', { name: 'Save' }));
    // Under the name being typed, without the API's field name.
    expect(await authors.findByRole('alert')).toHaveTextContent(
      /^Must be at most 60 characters \(got 7\)\.$/,
    );
    fireEvent.click(authors.getByRole('button', { name: 'Cancel' }));
    expect(authors.getByText('Asha Rao')).toBeInTheDocument();
  });

  it('deletes after confirmation, and shows the server’s reason when one is in use', async () => {
    const { api } = fakeServer();
    renderAdmin('/admin/taxonomy', { '/admin/taxonomy': <TaxonomyPage /> });
    const categories = await section('Categories');
    await categories.findByText('SEO');

    fireEvent.click(categories.getByRole('button', { name: 'Delete SEO' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this category?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('deleteCategory')).toHaveLength(0);

    fireEvent.click(categories.getByRole('button', { name: 'Delete SEO' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await categories.findByText(
        '“SEO” could not be deleted: “SEO” is used by 2 posts: give them another category before deleting it.',
      ),
    ).toBeInTheDocument();
    expect(categories.getByText('SEO')).toBeInTheDocument();

    fireEvent.click(categories.getByRole('button', { name: 'Delete Branding' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await categories.findByText('“Branding” was deleted.')).toBeInTheDocument();
    expect(api.calls('deleteCategory').at(-1)?.body).toEqual({ id: '2' });
    await waitFor(() => expect(categories.queryByText('Branding')).toBeNull());
  });
});
