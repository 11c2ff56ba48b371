import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@agency/shared';
import { formatAdminDateTime } from '../ui/format-admin-date';
import MediaPage from './media-page';
import {
  fakeBucket,
  makeMediaItem,
  renderAdmin,
  signIn,
  uploadForm,
  makeUserData,
} from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const routes = { '/admin/media': <MediaPage /> };
const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const USED = '9e8d7c6b-5a49-4382-9716-f5e4d3c2b1a0';

const userData: FakeHandler = () => makeUserData({ name: 'admin', email: 'admin@example.com' });

const pageOf = (results: MediaItem[], page: number, hasNext: boolean) => ({
  body: {
    results,
    next: hasNext ? `/api/user/media/list?page=${page + 1}` : null,
    previous: page > 1 ? `/api/user/media/list?page=${page - 1}` : null,
  },
});

describe('media library page', () => {
  it('lists images with thumbnail, file, size, dimensions, date and where used; pages', async () => {
    signIn();
    const api = fakeApi({
      getUserData: userData,
      listMedia: (req) =>
        req.url.searchParams.get('page') === '2'
          ? pageOf(
              [makeMediaItem({ filename: 'older.png', format: 'png', width: 300, height: 200 })],
              2,
              false,
            )
          : pageOf(
              [
                makeMediaItem({ id: ID, filename: 'harbour.jpg', bytes: 5_000_000 }),
                makeMediaItem({
                  id: USED,
                  filename: 'team.jpg',
                  alt: 'The team on the office steps',
                  used_by: [{ id: 4, title: 'Our team', slug: 'our-team' }],
                  uses: [
                    { kind: 'post', title: 'Our team', ref: 'our-team', copies: ['draft'] },
                    { kind: 'page', title: 'Home', ref: '/', copies: ['draft', 'live'] },
                    { kind: 'settings', title: 'Site settings', ref: '', copies: ['live'] },
                  ],
                }),
              ],
              1,
              true,
            ),
    });
    renderAdmin('/admin/media', routes);
    const row = (await screen.findByText('harbour.jpg')).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '',
      'harbour.jpg',
      'None yet Edit',
      '4.8 MB',
      '4000 × 3000',
      formatAdminDateTime('2026-11-20T10:00:00.000Z'),
      'Not used',
      'Delete',
    ]);
    // The thumbnail is the smallest variant, never the full-size image.
    const thumb = row.querySelector('img');
    expect(thumb).toHaveAttribute('src', `/media/images/${ID}/480.webp`);
    expect(thumb).toHaveAttribute('width', '96');
    expect(thumb).toHaveAttribute('height', '72');
    expect(within(row).getByRole('link', { name: 'harbour.jpg' })).toHaveAttribute(
      'href',
      `/media/images/${ID}/original.jpg`,
    );

    const used = screen.getByText('team.jpg').closest('tr');
    if (!used) throw new Error('no row');
    expect(within(used).getByRole('link', { name: 'Our team' })).toHaveAttribute(
      'href',
      '/edit-blog/our-team',
    );
    // Pages and the settings using it link to their editors, saying which copies show it.
    expect(within(used).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/admin/pages/edit?path=%2F',
    );
    expect(within(used).getByRole('link', { name: 'Home' }).closest('li')).toHaveTextContent(
      'Page: Home (draft and live)',
    );
    expect(within(used).getByRole('link', { name: 'Site settings' })).toHaveAttribute(
      'href',
      '/admin/pages/settings',
    );
    expect(within(used).getByText('The team on the office steps')).toBeInTheDocument();
    // An image in use cannot be deleted from here.
    expect(within(used).queryByRole('button', { name: /delete/i })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const small = (await screen.findByText('older.png')).closest('tr');
    // A 300 px image has only its own width as a variant.
    expect(small?.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringMatching(/\/300\.webp$/),
    );
    expect(api.calls('listMedia').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('deletes an unused image after confirmation, and shows why the server refused one (409)', async () => {
    signIn();
    let items = [
      makeMediaItem({ id: ID, filename: 'harbour.jpg' }),
      makeMediaItem({ id: USED, filename: 'late.jpg' }),
    ];
    const api = fakeApi({
      getUserData: userData,
      listMedia: () => pageOf(items, 1, false),
      deleteMedia: (req) => {
        if (req.body.id === USED)
          return { status: 409, body: { error: 'The image is used by “Fresh post”.' } };
        items = items.filter((i) => i.id !== req.body.id);
        return { body: { message: 'Image deleted', data: { id: req.body.id } } };
      },
    });
    renderAdmin('/admin/media', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete harbour.jpg' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('“harbour.jpg” and all its sizes will be removed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('“harbour.jpg” was deleted.');
    await waitFor(() => expect(screen.queryByText('harbour.jpg')).toBeNull());
    expect(api.calls('deleteMedia')[0]?.body).toEqual({ id: ID });

    fireEvent.click(screen.getByRole('button', { name: 'Delete late.jpg' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(
        '“late.jpg” could not be deleted: The image is used by “Fresh post”.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('late.jpg')).toBeInTheDocument();
  });

  it('uploads from the page with progress per file; the new image tops the list, errors name the file', async () => {
    signIn();
    let items: MediaItem[] = [];
    const fresh = makeMediaItem({ id: ID, filename: 'new.jpg' });
    fakeApi({
      getUserData: userData,
      listMedia: () => pageOf(items, 1, false),
      createUpload: (req) =>
        req.body.filename === 'broken.png'
          ? {
              status: 415,
              body: {
                error: 'file broken.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
                field: 'file',
                code: 'unsupported-type',
              },
            }
          : uploadForm(ID),
      confirmUpload: () => {
        items = [fresh, ...items];
        return { status: 201, body: { data: fresh } };
      },
    });
    fakeBucket(undefined, 40);
    renderAdmin('/admin/media', routes);
    await screen.findByText(/No images yet/);
    const picker = screen.getByLabelText('Images to upload');
    fireEvent.change(picker, {
      target: {
        files: [
          new File([new Uint8Array(64)], 'new.jpg', { type: 'image/jpeg' }),
          new File([new Uint8Array(64)], 'broken.png', { type: 'image/png' }),
        ],
      },
    });
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading new.jpg' }),
    ).toBeInTheDocument();
    // Beside the file's name, the reason alone (the name is not repeated in it).
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(/^Must be a JPEG, PNG, WebP, GIF or AVIF image\.$/);
    expect(refused.closest('li')).toHaveTextContent('broken.png');
    await screen.findByText('“new.jpg” was added.');
    expect((await screen.findByText('new.jpg', { selector: 'a' })).closest('tr')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the error about broken.png' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches and filters on the server, keeping them in the address', async () => {
    signIn();
    const api = fakeApi({
      getUserData: userData,
      listMedia: () => pageOf([makeMediaItem({ id: ID, filename: 'chennai.jpg' })], 1, false),
    });
    renderAdmin('/admin/media', routes);
    await screen.findByText('chennai.jpg');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'Chennai office' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls('listMedia').at(-1)?.url.searchParams.get('q')).toBe('Chennai office'),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Use' }), {
      target: { value: 'unused' },
    });
    await waitFor(() =>
      expect(api.calls('listMedia').at(-1)?.url.searchParams.get('used')).toBe('unused'),
    );
    expect(api.calls('listMedia').at(-1)?.url.searchParams.get('q')).toBe('Chennai office');
  });

  it('edits an image’s description in a dialog that keeps the focus, and says what the server refused', async () => {
    signIn();
    let item = makeMediaItem({ id: ID, filename: 'harbour.jpg' });
    const api = fakeApi({
      getUserData: userData,
      listMedia: () => pageOf([item], 1, false),
      updateMedia: (req) => {
        if (req.body.alt === 'bad')
          return {
            status: 400,
            body: { error: 'alt: must be at most 300 characters', field: 'alt' },
          };
        item = { ...item, alt: req.body.alt ?? '' };
        return { body: { message: 'Description saved.', data: item } };
      },
    });
    renderAdmin('/admin/media', routes);
    const edit = await screen.findByRole('button', { name: 'Edit the description of harbour.jpg' });
    fireEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Describe “harbour.jpg”' });
    const field = within(dialog).getByLabelText('Description (alt text)');
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save description' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('at most 300');
    fireEvent.change(field, { target: { value: 'Boats in the harbour at dawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save description' }));
    await screen.findByText('The description of “harbour.jpg” was saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Boats in the harbour at dawn')).toBeInTheDocument();
    expect(api.calls('updateMedia').at(-1)?.body).toEqual({
      id: ID,
      alt: 'Boats in the harbour at dawn',
    });
    // Escape closes it unchanged.
    fireEvent.click(screen.getByRole('button', { name: 'Edit the description of harbour.jpg' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
