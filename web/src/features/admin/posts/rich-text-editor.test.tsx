import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../blog/testing/fake-api';
import RichTextEditor from './rich-text-editor';
import { fakeBucket, makeMediaItem, signIn, uploadForm } from '../shell/testing';

/** The form's side of the editor: holds what the editor reports, as the post form does. */
function Host({ initial, onValue }: { initial: string; onValue: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="label">Content</span>
      <RichTextEditor
        id="content"
        labelledBy="label"
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue(html);
        }}
      />
    </>
  );
}

function mount(initial: string) {
  const seen = { html: initial };
  const view = render(<Host initial={initial} onValue={(html) => (seen.html = html)} />);
  const container = view.container.querySelector<HTMLElement>('.ql-container');
  const quill = container ? Quill.find(container) : null;
  if (!(quill instanceof Quill)) throw new Error('the editor did not mount');
  return { quill, seen, unmount: view.unmount };
}

/** Types text as the author would: one character at a time, as user input. */
function type(quill: Quill, text: string): void {
  for (const ch of text) {
    const at = quill.getLength() - 1;
    act(() => {
      quill.insertText(at, ch, 'user');
    });
  }
}

describe('RichTextEditor output', () => {
  it('stores what the author typed and loads it back unchanged', () => {
    const first = mount('');
    const q = first.quill;
    type(q, 'Plain words, then  two spaces and   three.\nSecond line');
    act(() => {
      q.formatLine(0, 1, 'align', 'center', 'user');
      q.insertText(q.getLength() - 1, '\nA heading', 'user');
      q.formatLine(q.getLength() - 2, 1, 'header', 2, 'user');
      q.insertText(q.getLength() - 1, '\nfirst item\nsecond item', 'user');
      q.formatLine(q.getLength() - 20, 20, 'list', 'bullet', 'user');
      q.insertText(q.getLength() - 1, '\nSee ', 'user');
      q.formatLine(q.getLength() - 2, 1, 'list', false, 'user');
      q.insertText(q.getLength() - 1, 'our work', { link: 'https://example.com/work' }, 'user');
      q.insertText(q.getLength() - 1, ' today.', { link: false }, 'user');
    });
    const typed = q.getContents();
    const saved = first.seen.html;
    first.unmount();

    // Ordinary spaces between words; a run keeps non-breaking spaces so it stays visible.
    expect(saved).toBe(
      '<p class="ql-align-center">Plain words, then&nbsp; two spaces and&nbsp;&nbsp; three.</p>' +
        '<p>Second line</p><h2>A heading</h2>' +
        '<ul><li>first item</li><li>second item</li></ul>' +
        '<p>See <a href="https://example.com/work" rel="noopener noreferrer" target="_blank">our work</a> today.</p>',
    );
    expect(saved).not.toMatch(/[\w,.]&nbsp;\w/);

    // Load → the same document → one edit → save: only the edit changes.
    const second = mount(saved);
    expect(second.quill.getContents().ops).toEqual(typed.ops);
    act(() => {
      second.quill.insertText(second.quill.getLength() - 1, '!', 'user');
    });
    expect(second.seen.html).toBe(saved.replace('today.</p>', 'today.!</p>'));
    second.unmount();
  });

  it('keeps spaces at the edges of a line, which HTML would otherwise drop', () => {
    const first = mount('');
    type(first.quill, ' indented ');
    const saved = first.seen.html;
    const typed = first.quill.getContents();
    first.unmount();
    expect(saved).toBe('<p>&nbsp;indented&nbsp;</p>');
    const second = mount(saved);
    expect(second.quill.getContents().ops).toEqual(typed.ops);
    second.unmount();
  });
});

describe('RichTextEditor images', () => {
  afterEach(() => vi.unstubAllGlobals());
  // jsdom has no layout: Quill measures the caret to scroll it into view when it takes focus.
  beforeAll(() => {
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
    Range.prototype.getClientRects ??= () => document.createElement('div').getClientRects();
  });

  const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
  const stored = `<img src="/media/images/${ID}/1920.jpg" width="4000" height="3000" alt="">`;

  /** The library: one form per upload, confirm answers a 4000 × 3000 photo (or what `confirm` says). */
  function library(confirm?: () => { status: number; body: unknown }) {
    signIn();
    const server = fakeApi({
      createUpload: () => uploadForm(ID),
      confirmUpload:
        confirm ?? (() => ({ status: 201, body: { data: makeMediaItem({ id: ID }) } })),
    });
    const bucket = fakeBucket(undefined, 150);
    return { server, bucket };
  }

  const photo = (name = 'photo.jpg', type = 'image/jpeg') =>
    new File([new Uint8Array(64)], name, { type });

  it('the image button picks files; a placeholder shows progress in place, then the image is stored with its size', async () => {
    const { server, bucket } = library();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const { quill, seen, unmount } = mount('');
    type(quill, 'Before');
    act(() => quill.setSelection(6, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    const picker = screen.getByLabelText('Images to insert');
    expect(click.mock.contexts).toContain(picker);
    fireEvent.change(picker, { target: { files: [photo()] } });

    const placeholder = await screen.findByText('photo.jpg');
    const box = placeholder.closest('.ql-upload');
    if (!(box instanceof HTMLElement)) throw new Error('no placeholder');
    await waitFor(() => expect(within(box).getByText('50%')).toBeInTheDocument());
    expect(
      within(box).getByRole('progressbar', { name: 'Uploading photo.jpg' }),
    ).toBeInTheDocument();
    // The content the form would save never holds the placeholder.
    expect(seen.html).toBe('<p>Before</p>');

    await waitFor(() => expect(seen.html).toBe(`<p>Before${stored}</p>`));
    expect(quill.root.querySelector('.ql-upload')).toBeNull();
    expect(bucket.posts[0]?.file?.name).toBe('photo.jpg');
    expect(server.calls('confirmUpload')).toHaveLength(1);
    unmount();

    // Loaded back, the image keeps its width, height and (empty) alt.
    const again = mount(seen.html);
    expect(again.quill.getContents().ops).toContainEqual({
      insert: { image: `/media/images/${ID}/1920.jpg` },
      attributes: { width: '4000', height: '3000', alt: '' },
    });
    act(() => {
      again.quill.insertText(0, 'Now ', 'user');
    });
    expect(again.seen.html).toBe(`<p>Now Before${stored}</p>`);
    again.unmount();
  });

  it('clicking an image offers its description (alt), stored with the image', () => {
    const { quill, seen, unmount } = mount(`<p>Look${stored}</p>`);
    const img = quill.root.querySelector('img');
    if (!img) throw new Error('no image');
    fireEvent.click(img);
    const alt = screen.getByLabelText(/Describe the selected image/);
    expect(alt).toHaveValue('');
    fireEvent.change(alt, { target: { value: 'Boats in the harbour at dawn' } });
    expect(seen.html).toBe(
      `<p>Look${stored.replace('alt=""', 'alt="Boats in the harbour at dawn"')}</p>`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText(/Describe the selected image/)).toBeNull();
    unmount();
  });

  it('the description takes the keyboard as it opens; Escape puts the old one back and the caret after the image, Enter keeps the new', () => {
    const described = `<p>Look${stored.replace('alt=""', 'alt="Old words"')}</p>`;
    const { quill, seen, unmount } = mount(described);
    const img = quill.root.querySelector('img');
    if (!img) throw new Error('no image');
    fireEvent.click(img);
    const alt = screen.getByLabelText(/Describe the selected image/);
    expect(alt).toHaveFocus();
    expect(alt).toHaveValue('Old words');
    fireEvent.change(alt, { target: { value: 'Changed my mind' } });
    expect(img.getAttribute('alt')).toBe('Changed my mind');
    fireEvent.keyDown(alt, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Image description' })).toBeNull();
    expect(img.getAttribute('alt')).toBe('Old words');
    expect(seen.html).toBe(described);
    // Back in the text, just after the image ("Look" is 4 characters, the image 1).
    expect(quill.hasFocus()).toBe(true);
    expect(quill.getSelection()).toEqual({ index: 5, length: 0 });

    fireEvent.click(img);
    const again = screen.getByLabelText(/Describe the selected image/);
    expect(again).toHaveFocus();
    fireEvent.change(again, { target: { value: 'Boats at dawn' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(screen.queryByRole('group', { name: 'Image description' })).toBeNull();
    expect(seen.html).toBe(`<p>Look${stored.replace('alt=""', 'alt="Boats at dawn"')}</p>`);
    expect(quill.getSelection()).toEqual({ index: 5, length: 0 });
    unmount();
  });

  it('opens the description next to the clicked image, and closes it on a click elsewhere or Escape', () => {
    const { quill, unmount } = mount(`<p>Look${stored}</p><p>After</p>`);
    const img = quill.root.querySelector('img');
    const group = quill.root.closest<HTMLElement>('.rich-text');
    if (!img || !group) throw new Error('no image');
    const rect = (x: number, y: number, w: number, h: number) =>
      DOMRect.fromRect({ x, y, width: w, height: h });
    // jsdom lays nothing out: the editor's box at (100, 50), the image 300 px in and 400 px down.
    vi.spyOn(group, 'getBoundingClientRect').mockReturnValue(rect(100, 50, 800, 1200));
    vi.spyOn(img, 'getBoundingClientRect').mockReturnValue(rect(400, 450, 320, 240));
    fireEvent.click(img);
    const popover = screen.getByRole('group', { name: 'Image description' });
    // Just under the image (its bottom is 640 px down the box), from its left edge.
    expect(popover.style.top).toBe('646px');
    expect(popover.style.left).toBe('300px');
    fireEvent.click(quill.root.querySelector('p:last-child') ?? quill.root);
    expect(screen.queryByRole('group', { name: 'Image description' })).toBeNull();
    fireEvent.click(img);
    fireEvent.keyDown(screen.getByLabelText(/Describe the selected image/), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Image description' })).toBeNull();
    unmount();
  });

  it('shows a refused upload in place, naming the file, until dismissed', async () => {
    library(() => ({
      status: 415,
      body: {
        error: 'file notes.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
        field: 'file',
        code: 'unsupported-type',
      },
    }));
    const { quill, seen, unmount } = mount('<p>Text</p>');
    act(() => {
      quill.setSelection(4, 0, 'user');
      quill.uploader.upload({ index: 4, length: 0 }, [photo('notes.png', 'image/png')]);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Must be a JPEG, PNG, WebP, GIF or AVIF image\.$/);
    expect(seen.html).toBe('<p>Text</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the error about notes.png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quill.root.querySelector('.ql-upload')).toBeNull();
    expect(seen.html).toBe('<p>Text</p>');
    unmount();
  });

  it('refuses a file the library does not take without uploading it (a phone’s HEIC)', async () => {
    const { server } = library();
    const { quill, unmount } = mount('');
    act(() => {
      quill.uploader.upload({ index: 0, length: 0 }, [photo('IMG_0001.heic', 'image/heic')]);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Must be a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(server.requests).toEqual([]);
    unmount();
  });

  it('cancel removes the placeholder and aborts the upload', async () => {
    const { server, bucket } = library();
    const { quill, seen, unmount } = mount('');
    act(() => {
      quill.uploader.upload({ index: 0, length: 0 }, [photo()]);
    });
    await waitFor(() => expect(bucket.posts).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploading photo.jpg' }));
    await waitFor(() => expect(quill.root.querySelector('.ql-upload')).toBeNull());
    await new Promise((r) => setTimeout(r, 120));
    expect(server.calls('confirmUpload')).toEqual([]);
    expect(seen.html).not.toContain('<img');
    expect(bucket.aborted).toHaveLength(1);
    unmount();
  });

  it('a data: image inside pasted HTML is uploaded instead of embedded', async () => {
    const { bucket } = library();
    const { quill, seen, unmount } = mount('');
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    act(() => {
      quill.setSelection(0, 0, 'user');
      quill.clipboard.dangerouslyPasteHTML(
        0,
        `<p>Pasted <img src="data:image/png;base64,${png}"></p>`,
        'user',
      );
    });
    expect(seen.html).not.toContain('data:');
    await waitFor(() => expect(seen.html).toContain(stored));
    expect(seen.html).not.toContain('data:');
    const sent = bucket.posts[0]?.file;
    expect(sent?.type).toBe('image/png');
    expect(new Uint8Array(await (sent ?? new Blob()).arrayBuffer()).slice(1, 4)).toEqual(
      new Uint8Array([0x50, 0x4e, 0x47]),
    );
    unmount();
  });
});
