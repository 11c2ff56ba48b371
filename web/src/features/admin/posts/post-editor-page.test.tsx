import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PostEditorPage from './post-editor-page';
import { fakeBucket, makeMediaItem, renderAdmin, signIn, uploadForm } from '../shell/testing';
import { fakeApi, makePost } from '../../blog/testing/fake-api';
import { formatAdminDateTime } from '../ui/format-admin-date';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

// Quill needs a real browser; the form only relies on the editor's value/onChange contract.
vi.mock('./rich-text-editor', () => import('./editor-stand-in'));

const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

const lists = {
  listCategories: () => ({
    body: {
      data: [
        { id: 1, category: 'SEO' },
        { id: 2, category: 'Branding' },
      ],
    },
  }),
  listAuthors: () => ({ body: { data: [{ id: 7, name: 'Asha Rao' }] } }),
};

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

const addRoutes = { '/add-blog': <PostEditorPage /> };
const editRoutes = { '/edit-blog/:slug': <PostEditorPage /> };

describe('add blog', () => {
  it('makes the slug follow the title until the author types one, with Select placeholders', async () => {
    fakeApi(lists);
    renderAdmin('/add-blog', addRoutes);
    const title = await screen.findByLabelText('Title');
    const slug = screen.getByLabelText('Slug title');
    fireEvent.change(title, {
      target: { value: "How we rebuilt a regional retailer's checkout (in 6 weeks)!" },
    });
    expect(slug).toHaveValue('how-we-rebuilt-a-regional-retailers-checkout-in-6-weeks');
    fireEvent.change(slug, { target: { value: 'Checkout Story' } });
    fireEvent.blur(slug);
    // What was typed is tidied into a slug, and title edits no longer touch it.
    expect(slug).toHaveValue('checkout-story');
    fireEvent.change(title, { target: { value: 'My First Post Again' } });
    expect(slug).toHaveValue('checkout-story');
    // Emptied, it follows the title again.
    fireEvent.change(slug, { target: { value: '' } });
    fireEvent.blur(slug);
    expect(slug).toHaveValue('my-first-post-again');
    fireEvent.change(title, { target: { value: 'Ærøskøbing Straße' } });
    expect(slug).toHaveValue('aeroskobing-strasse');
    const category = screen.getByLabelText('Category');
    expect(within(category).getByRole('option', { name: 'Select' })).toBeDisabled();
    expect(await within(category).findByRole('option', { name: 'Branding' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Author')).getByRole('option', { name: 'Select' }),
    ).toBeDisabled();
  });

  it('shows a taken slug next to the slug field', async () => {
    const api = fakeApi({
      ...lists,
      createPost: () => ({
        status: 409,
        body: { error: 'slug: is already taken', field: 'slug', code: 'taken' },
      }),
    });
    renderAdmin('/add-blog', addRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Dup' } });
    fireEvent.change(await screen.findByTestId('editor'), { target: { value: '<p>Hi</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const slug = screen.getByLabelText('Slug title');
    await waitFor(() => expect(slug).toHaveAccessibleDescription('Is already taken.'));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('createPost')[0]?.body).toMatchObject({
      title: 'Dup',
      slug: 'dup',
      content: '<p>Hi</p>',
      status: 'published',
    });
  });

  it('uploads a chosen banner straight to the library, shows it from its variants, and saves only its id', async () => {
    const item = makeMediaItem({ id: ID, filename: 'harbour.jpg', bytes: 5_000_000 });
    const api = fakeApi({
      ...lists,
      createUpload: () => uploadForm(ID),
      confirmUpload: () => ({ status: 201, body: { data: item } }),
      createPost: (req) => ({
        status: 201,
        body: { data: makePost({ title: req.body.title ?? '', slug: req.body.slug ?? '' }) },
      }),
    });
    let finishUpload = () => {};
    const bucket = fakeBucket(
      undefined,
      40,
      new Promise<void>((resolve) => (finishUpload = resolve)),
    );
    renderAdmin('/add-blog', addRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'With banner' } });
    const input = await screen.findByLabelText('Banner image');
    const file = new File([new Uint8Array(64)], 'harbour.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading harbour.jpg' }),
    ).toBeInTheDocument();
    await screen.findByText('Uploading harbour.jpg: 50%');
    // Saving while it uploads waits, saying why.
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText(/The banner is still uploading/)).toHaveAttribute(
      'id',
      `${input.id}-error`,
    );
    finishUpload();

    const preview = await screen.findByRole('img', { name: 'Banner' });
    expect(screen.getByText('harbour.jpg · 4.8 MB · 4000 × 3000 px')).toBeInTheDocument();
    expect(preview).toHaveAttribute('src', `/media/images/${ID}/960.jpg`);
    expect(preview.parentElement?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      expect.stringContaining(`/media/images/${ID}/480.avif 480w`),
    );
    expect(bucket.posts[0]?.file).toBe(file);

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls('createPost')).toHaveLength(1));
    const sent = api.calls('createPost')[0]?.body;
    expect(sent).toMatchObject({ slug: 'with-banner', banner_media: ID });
    expect(sent).not.toHaveProperty('banner_image');
  });

  it('keeps the chosen banner in the working copy: a reopened form restores it and saves its id', async () => {
    const item = makeMediaItem({ id: ID, filename: 'harbour.jpg', bytes: 5_000_000 });
    const api = fakeApi({
      ...lists,
      createUpload: () => uploadForm(ID),
      confirmUpload: () => ({ status: 201, body: { data: item } }),
      createPost: (req) => ({
        status: 201,
        body: { data: makePost({ title: req.body.title ?? '', slug: req.body.slug ?? '' }) },
      }),
    });
    fakeBucket();
    const first = renderAdmin('/add-blog', addRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'After a crash' } });
    const file = new File([new Uint8Array(64)], 'harbour.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Banner image'), { target: { files: [file] } });
    await screen.findByRole('img', { name: 'Banner' });
    // The tab goes away before anything was saved.
    first.unmount();

    renderAdmin('/add-blog', addRoutes);
    await screen.findByLabelText('Title');
    expect(screen.queryByRole('img', { name: 'Banner' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /Restore unsaved changes/ }));
    expect(await screen.findByRole('img', { name: 'Banner' })).toHaveAttribute(
      'src',
      `/media/images/${ID}/960.jpg`,
    );
    expect(screen.getByText('harbour.jpg · 4.8 MB · 4000 × 3000 px')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls('createPost')).toHaveLength(1));
    const sent = api.calls('createPost')[0]?.body;
    expect(sent).toMatchObject({ title: 'After a crash', banner_media: ID });
    expect(sent).not.toHaveProperty('banner');
  });

  it('shows the library’s refusal of a banner next to the banner input', async () => {
    const api = fakeApi({
      ...lists,
      createUpload: () => uploadForm(ID),
      confirmUpload: () => ({
        status: 415,
        body: {
          error: 'file banner.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
          field: 'file',
          code: 'unsupported-type',
        },
      }),
    });
    fakeBucket();
    renderAdmin('/add-blog', addRoutes);
    const input = await screen.findByLabelText('Banner image');
    const file = new File([new Uint8Array([1, 2, 3])], 'banner.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Must be a JPEG, PNG, WebP, GIF or AVIF image.'),
    );
    expect(screen.queryByRole('img', { name: 'Banner' })).toBeNull();
    expect(api.calls('confirmUpload')).toHaveLength(1);
  });

  it('refuses a non-image banner before uploading, in the library’s words', async () => {
    const api = fakeApi(lists);
    renderAdmin('/add-blog', addRoutes);
    const input = await screen.findByLabelText('Banner image');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Must be a JPEG, PNG, WebP, GIF or AVIF image.'),
    );
    expect(api.calls('createUpload')).toEqual([]);
  });

  it('shows "Success! New blog added" for 4 s, then goes to /admin', async () => {
    fakeApi({
      ...lists,
      createPost: (req) => ({
        status: 201,
        body: { data: makePost({ title: req.body.title ?? '', slug: req.body.slug ?? '' }) },
      }),
    });
    renderAdmin('/add-blog', addRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Fresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(popup).toHaveTextContent('New blog added');
    expect(popup.querySelector('.popup__progress')).toHaveStyle({ animationDuration: '4000ms' });
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Admin list screen' })).toBeInTheDocument();
  });
});

describe('publishing', () => {
  it('saves a new post as a draft and opens its editor, publishing nothing', async () => {
    const api = fakeApi({
      ...lists,
      createPost: (req) => ({
        status: 201,
        body: {
          data: makePost({
            id: 31,
            title: req.body.title ?? '',
            slug: req.body.slug ?? '',
            status: 'draft',
            publish_at: null,
          }),
        },
      }),
    });
    renderAdmin('/add-blog', { ...addRoutes, '/edit-blog/:slug': <h1>Editor of the draft</h1> });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Quiet draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(popup).toHaveTextContent('Draft saved. It is not on the blog.');
    expect(api.calls('createPost')[0]?.body).toMatchObject({ status: 'draft' });
    expect(api.calls('createPost')[0]?.body).not.toHaveProperty('publish_at');
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Editor of the draft' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/edit-blog/quiet-draft');
  });

  it('schedules in the admin zone, sending UTC, and refuses a missing or past time at the field', async () => {
    const api = fakeApi({
      ...lists,
      getPost: () => ({
        body: {
          data: {
            post: makePost({ id: 12, slug: 'twelve', status: 'draft', publish_at: null }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
      updatePost: (req) => ({
        body: {
          data: makePost({
            id: 12,
            slug: 'twelve',
            status: 'scheduled',
            publish_at: req.body.publish_at ?? null,
            version: 2,
          }),
        },
      }),
    });
    renderAdmin('/edit-blog/twelve', editRoutes);
    const when = await screen.findByLabelText(
      /^Publish at \(your time zone: .+ \(UTC[+-]\d\d:\d\d\)\)$/,
    );
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/preview/12');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(when).toHaveAccessibleDescription('Pick the date and time to publish at.');
    fireEvent.change(when, { target: { value: '2001-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(when).toHaveAccessibleDescription('Pick a time in the future.');
    expect(api.calls('updatePost')).toHaveLength(0);
    fireEvent.change(when, { target: { value: '2031-07-04T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(popup).toHaveTextContent(/^Success!Scheduled for 4 Jul 2031, 09:30/);
    expect(api.calls('updatePost')[0]?.body).toMatchObject({
      status: 'scheduled',
      publish_at: new Date('2031-07-04T09:30').toISOString(),
    });
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeInTheDocument();
  });

  it('offers Unpublish, View post and Update on a published post, and no schedule', async () => {
    const live = makePost({
      id: 13,
      title: 'Live post',
      slug: 'live',
      content: '<p>As published.</p>',
      meta_description: 'As published.',
      category: { id: 1, category: 'SEO' },
      version: 1,
    });
    const api = fakeApi({
      ...lists,
      getPost: () => ({ body: { data: { post: live, prev_post: null, next_post: null } } }),
      updatePost: () => ({
        body: { data: { ...live, status: 'draft', publish_at: null, version: 2 } },
      }),
    });
    renderAdmin('/edit-blog/live', editRoutes);
    expect(await screen.findByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      '/blog/live',
    );
    expect(screen.queryByLabelText(/^Publish at/)).toBeNull();
    // Cancel leaves the post as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Unpublish this post?' });
    expect(confirm).toHaveTextContent('It goes off the blog now and becomes a draft.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('updatePost')).toHaveLength(0);
    // With edits in the form, the dialog says they are not saved, and they are not.
    fireEvent.change(screen.getByLabelText('Title'), {
      target: { value: 'Half-written new title' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    confirm = screen.getByRole('alertdialog', { name: 'Unpublish this post?' });
    expect(confirm).toHaveTextContent('Your unsaved edits are not saved or published');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unpublish' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(popup).toHaveTextContent('Your edits are still in the form, not saved.');
    expect(api.calls('updatePost')[0]?.body).toEqual({
      id: '13',
      version: '1',
      title: 'Live post',
      slug: 'live',
      content: '<p>As published.</p>',
      head_tag: '',
      meta_description: 'As published.',
      category_id: '1',
      author_id: '1',
      status: 'draft',
    });
    expect(screen.getByLabelText('Title')).toHaveValue('Half-written new title');
    expect(screen.queryByRole('link', { name: 'View post' })).toBeNull();
  });

  it('keeps a published post’s slug when the title changes, and warns when the slug itself changes', async () => {
    fakeApi({
      ...lists,
      getPost: () => ({
        body: {
          data: {
            post: makePost({ id: 21, title: 'Old title', slug: 'old-title' }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
    });
    renderAdmin('/edit-blog/old-title', editRoutes);
    const title = await screen.findByLabelText('Title');
    const slug = screen.getByLabelText('Slug title');
    fireEvent.change(title, { target: { value: 'A much better title' } });
    expect(slug).toHaveValue('old-title');
    expect(screen.queryByRole('status', { name: '' })).toBeNull();
    fireEvent.change(slug, { target: { value: 'better-title' } });
    expect(slug).toHaveAccessibleDescription(
      /live at \/blog\/old-title\. When you update, its address becomes \/blog\/better-title, and the old one redirects there \(301\)/,
    );
  });

  it('moves the editor to the new address once a changed slug is saved', async () => {
    const api = fakeApi({
      ...lists,
      getPost: (req) => ({
        body: {
          data: {
            post: makePost({ id: 22, title: 'Old title', slug: req.body.slug ?? 'old-title' }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
      updatePost: (req) => ({
        body: { data: makePost({ id: 22, title: 'Old title', slug: req.body.slug, version: 2 }) },
      }),
    });
    renderAdmin('/edit-blog/old-title', editRoutes);
    fireEvent.change(await screen.findByLabelText('Slug title'), {
      target: { value: 'better-title' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(screen.getByTestId('location')).toHaveTextContent('/edit-blog/old-title');
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/edit-blog/better-title'),
    );
    expect(await screen.findByLabelText('Slug title')).toHaveValue('better-title');
    expect(api.calls('getPost').at(-1)?.body.slug).toBe('better-title');
  });

  it('a draft whose slug was typed by hand keeps it when the title changes', async () => {
    fakeApi({
      ...lists,
      getPost: () => ({
        body: {
          data: {
            post: makePost({ id: 22, title: 'Draft', slug: 'my-own-slug', status: 'draft' }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
    });
    renderAdmin('/edit-blog/my-own-slug', editRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Draft two' } });
    expect(screen.getByLabelText('Slug title')).toHaveValue('my-own-slug');
  });

  it('moves the focus to the first field in error and brings its message into view', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      scrolled.push(this.textContent ?? '');
    });
    fakeApi({
      ...lists,
      createPost: () => ({
        status: 400,
        body: {
          error: 'meta_description: must be at most 300 characters',
          field: 'meta_description',
          code: 'too_long',
        },
      }),
    });
    renderAdmin('/add-blog', addRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Long one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const meta = screen.getByLabelText('Meta description');
    await waitFor(() => expect(meta).toHaveFocus());
    expect(meta).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled.at(-1)).toMatch(/at most 300 characters/);
  });
});

describe('edit blog', () => {
  it('shows the post’s banner with its dimensions; removing it saves `none`, keeping it sends nothing', async () => {
    const banner = makeMediaItem({ id: ID });
    const post = makePost({
      id: 12,
      slug: 'twelve',
      banner_image: banner.src,
      banner: {
        id: ID,
        width: 4000,
        height: 3000,
        format: 'jpg',
        placeholder: banner.placeholder,
      },
    });
    const api = fakeApi({
      ...lists,
      getPost: () => ({ body: { data: { post, prev_post: null, next_post: null } } }),
      updatePost: (req) => ({
        body: {
          data: makePost({
            ...post,
            version: post.version + 1,
            ...(req.body.banner_media === 'none' ? { banner_image: null, banner: null } : {}),
          }),
        },
      }),
    });
    renderAdmin('/edit-blog/twelve', editRoutes);
    const preview = await screen.findByRole('img', { name: 'Banner' });
    expect(preview).toHaveAttribute('width', '4000');
    expect(screen.getByText('4000 × 3000 px')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls('updatePost')).toHaveLength(1));
    expect(api.calls('updatePost')[0]?.body).not.toHaveProperty('banner_media');

    await screen.findByText('Blog Updated.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove banner' }));
    expect(screen.queryByRole('img', { name: 'Banner' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls('updatePost')).toHaveLength(2));
    expect(api.calls('updatePost')[1]?.body).toMatchObject({ banner_media: 'none' });
  });

  it('replaces the banner with an image chosen from the media library, saving only its id', async () => {
    const harbour = makeMediaItem({ filename: 'harbour.jpg', width: 1600, height: 900 });
    const team = makeMediaItem({ filename: 'team.jpg' });
    const api = fakeApi({
      ...lists,
      getPost: () => ({
        body: {
          data: {
            post: makePost({ id: 31, slug: 'with-library-banner', banner_image: null }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
      listMedia: () => ({ body: { results: [harbour, team], next: null, previous: null } }),
      updatePost: (req) => ({
        body: {
          data: makePost({
            id: 31,
            slug: 'with-library-banner',
            banner: harbour,
            banner_image: harbour.src,
            version: Number(req.body.version) + 1,
          }),
        },
      }),
    });
    renderAdmin('/edit-blog/with-library-banner', editRoutes);
    // No banner yet: no bare file input saying "No file chosen", but Upload image and the library.
    expect(await screen.findByText('No banner: the post shows without an image.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', {
      name: 'Choose the banner from the library',
    });
    fireEvent.click(await within(picker).findByRole('button', { name: /harbour\.jpg/ }));
    expect(screen.queryByRole('dialog', { name: /Choose the banner/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Banner' })).toBeInTheDocument();
    expect(screen.getByText('harbour.jpg · 5.0 MB · 1600 × 900 px')).toBeInTheDocument();
    for (const name of ['Replace', 'Choose from library', 'Remove banner'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls('updatePost')).toHaveLength(1));
    expect(api.calls('updatePost')[0]?.body).toMatchObject({ banner_media: harbour.id });
  });

  it('sends the version, says "Blog Updated." and, on a stale edit, offers to reload', async () => {
    let version = 3;
    let stale = false;
    const api = fakeApi({
      ...lists,
      getPost: () => ({
        body: {
          data: {
            post: makePost({
              id: 9,
              slug: 'nine',
              title: version === 3 ? 'Nine' : 'Nine (their edit)',
              version,
              category: { id: 2, category: 'Branding' },
            }),
            prev_post: null,
            next_post: null,
          },
        },
      }),
      updatePost: (req) => {
        if (stale)
          return {
            status: 409,
            body: {
              error: 'Someone else changed this post since you opened it.',
              code: 'stale',
            },
          };
        return {
          body: {
            data: makePost({
              id: 9,
              slug: req.body.slug ?? '',
              title: req.body.title ?? '',
              version: Number(req.body.version) + 1,
            }),
          },
        };
      },
    });
    renderAdmin('/edit-blog/nine', editRoutes);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Nine');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin');
    expect(api.calls('getPost')[0]?.body).toEqual({ slug: 'nine' });

    fireEvent.change(title, { target: { value: 'Nine edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const popup = await screen.findByRole('dialog', { name: 'Success!' });
    expect(popup).toHaveTextContent('Blog Updated.');
    expect(popup.querySelector('.popup__progress')).toHaveStyle({ animationDuration: '2000ms' });
    expect(api.calls('updatePost')[0]?.body).toMatchObject({
      id: '9',
      version: '3',
      title: 'Nine edited',
      // Published: the address stays what it was.
      slug: 'nine',
    });
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));

    // The next save carries the version the server returned.
    stale = true;
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this post after you opened it');
    expect(api.calls('updatePost')[1]?.body).toMatchObject({ version: '4' });

    version = 4;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Nine (their edit)'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('someone else saved meanwhile', () => {
  function conflictApi(theirs: { title: string; content: string }) {
    let version = 3;
    const post = () =>
      makePost({
        id: 12,
        slug: 'twelve',
        version,
        category: { id: 2, category: 'Branding' },
        ...(version === 3 ? { title: 'Twelve', content: '<p>Old body.</p>' } : theirs),
      });
    const api = fakeApi({
      ...lists,
      getPost: () => ({ body: { data: { post: post(), prev_post: null, next_post: null } } }),
      updatePost: (req) => {
        if (req.body.version === '3') {
          version = 4; // their save landed first
          return { status: 409, body: { error: 'Someone else changed this post.', code: 'stale' } };
        }
        return { body: { data: makePost({ id: 12, slug: 'twelve', version: 5 }) } };
      },
    });
    return api;
  }
  const reloadAndRestore = async () => {
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the latest version' }));
    const banner = await screen.findByRole('region', { name: 'Unsaved changes' });
    fireEvent.click(within(banner).getByRole('button', { name: /^Restore unsaved changes/ }));
  };

  it('restoring keeps their new body and my new title, and the save sends both', async () => {
    const api = conflictApi({ title: 'Twelve', content: '<p>Their new body.</p>' });
    renderAdmin('/edit-blog/twelve', editRoutes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Twelve, mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await reloadAndRestore();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Twelve, mine'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls('updatePost')).toHaveLength(2));
    expect(api.calls('updatePost')[1]?.body).toMatchObject({
      version: '4',
      title: 'Twelve, mine',
      content: '<p>Their new body.</p>',
    });
  });

  it('a body both changed is one field: both versions are shown and the one kept is sent', async () => {
    const api = conflictApi({ title: 'Twelve', content: '<p>Their body.</p>' });
    renderAdmin('/edit-blog/twelve', editRoutes);
    await screen.findByLabelText('Title');
    fireEvent.change(await screen.findByTestId('editor'), { target: { value: '<p>My body.</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await reloadAndRestore();
    const field = await screen.findByRole('group', { name: 'Content' });
    expect(field).toHaveTextContent('My body.');
    expect(field).toHaveTextContent('Their body.');
    fireEvent.click(within(field).getByRole('radio', { name: /Keep theirs/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls('updatePost')).toHaveLength(2));
    expect(api.calls('updatePost')[1]?.body).toMatchObject({
      version: '4',
      content: '<p>Their body.</p>',
    });
  });
});

describe('revisions', () => {
  it('lists kept versions, shows the text changes, and restores one after confirmation', async () => {
    let restored = false;
    const current = () =>
      makePost({
        id: 21,
        slug: 'rev-post',
        title: restored ? 'Old title' : 'New title',
        content: restored ? '<p>The old words stay.</p>' : '<p>The new words stay.</p>',
        version: restored ? 6 : 5,
      });
    const api = fakeApi({
      ...lists,
      getPost: () => ({ body: { data: { post: current(), prev_post: null, next_post: null } } }),
      listRevisions: () => ({
        body: {
          data: [
            {
              revision: 4,
              title: 'Old title',
              slug: 'rev-post',
              saved_at: '2030-01-02T10:00:00.000Z',
              saved_by: '6b0b42e6-0000-4000-8000-000000000001',
              saved_by_name: 'Priya',
            },
          ],
        },
      }),
      getRevision: () => ({
        body: {
          data: {
            revision: 4,
            title: 'Old title',
            slug: 'rev-post',
            saved_at: '2030-01-02T10:00:00.000Z',
            saved_by: 'asha',
            content: '<p>The old words stay.</p>',
            head_tag: '',
            banner_image: null,
            banner: null,
            category: null,
            author: null,
            status: 'published',
            publish_at: '2030-01-01T00:00:00.000Z',
          },
        },
      }),
      restoreRevision: () => {
        restored = true;
        return { body: { data: current() } };
      },
    });
    renderAdmin('/edit-blog/rev-post', editRoutes);
    await screen.findByDisplayValue('New title');
    const summary = await screen.findByText('Revisions');
    fireEvent.click(summary);
    const details = summary.closest('details');
    if (details && !details.open) {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    }
    const when = formatAdminDateTime('2030-01-02T10:00:00.000Z');
    // Who saved it by name, never by account id.
    expect(await screen.findByText(`saved by Priya on ${when}`, { exact: false })).toBeVisible();
    expect(screen.queryByText(/6b0b42e6/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Compare revision 4' }));
    const diff = await screen.findByRole('region', { name: 'Revision 4 compared with the editor' });
    await waitFor(() => expect(diff.querySelector('.revision-diff del')).not.toBeNull());
    expect([...diff.querySelectorAll('.revision-diff del')].map((d) => d.textContent)).toEqual(
      expect.arrayContaining(['Old', 'old']),
    );
    expect([...diff.querySelectorAll('.revision-diff ins')].map((d) => d.textContent)).toEqual(
      expect.arrayContaining(['New', 'new']),
    );
    fireEvent.click(within(diff).getByRole('button', { name: 'Restore revision 4' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Restore the version saved by Priya on ${when}?`);
    expect(dialog).toHaveTextContent('Its status stays published.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Old title'));
    // Once the post is loaded again, the page says what came back.
    expect(
      await screen.findByText(`Restored the version saved by Priya on ${when}.`),
    ).toBeInTheDocument();
    expect(api.calls('restoreRevision')[0]?.body).toEqual({
      id: '21',
      revision: '4',
      version: '5',
    });
  });
});
