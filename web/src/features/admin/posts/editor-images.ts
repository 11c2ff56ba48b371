import Quill, { Delta } from 'quill';
import Embed from 'quill/blots/embed';
import Image from 'quill/formats/image';
import { inlineSrc, type MediaItem } from '@agency/shared';
import { isAbort, type UploadOptions, type UploadStage } from '../ui/upload-image';

/**
 * Images in the post editor. Every image the author adds (toolbar button, paste, drop, an image
 * inside pasted HTML) is uploaded to the media library; while it uploads, a placeholder sits in the
 * text where the image will go, showing the file's name and progress (or the error, dismissable);
 * when it is done the placeholder becomes `<img src=inlineSrc(image) width height alt>`. No `data:`
 * URL is ever inserted: Quill's own uploader and clipboard would embed files as base64.
 */

/**
 * An image of the post body: keeps its intrinsic width and height (no layout shift) and its alt,
 * even an empty one (Quill's own image drops an attribute whose value is empty, and an empty alt
 * means "decorative", which is not the same as a missing one).
 */
export class InlineImage extends Image {
  /** In the order the editor writes them, so loading a post and saving it again changes nothing. */
  static override formats(node: Element): Record<string, string | null> {
    const formats: Record<string, string | null> = {};
    for (const name of ['width', 'height', 'alt'])
      if (node.hasAttribute(name)) formats[name] = node.getAttribute(name);
    return formats;
  }

  override format(name: string, value: string): void {
    if (name === 'alt') this.domNode.setAttribute('alt', typeof value === 'string' ? value : '');
    else super.format(name, value);
  }
}

/** What a placeholder shows: the file, and where its upload is. */
interface PlaceholderState {
  filename: string;
  stage: UploadStage | { kind: 'failed'; message: string };
  cancel: () => void;
}

/** Live uploads by placeholder key: the blot re-renders from here if Quill recreates its node. */
const uploads = new Map<string, PlaceholderState>();

function renderPlaceholder(node: HTMLElement, key: string): void {
  const state = uploads.get(key);
  node.replaceChildren();
  node.classList.toggle('ql-upload__body--failed', state?.stage.kind === 'failed');
  if (!state) return;
  const name = document.createElement('span');
  name.className = 'ql-upload__name';
  name.textContent = state.filename;
  node.append(name);
  const { stage } = state;
  if (stage.kind === 'failed') {
    const message = document.createElement('span');
    message.className = 'ql-upload__message';
    message.setAttribute('role', 'alert');
    message.textContent = stage.message;
    node.append(message, button('Dismiss', `Dismiss the error about ${state.filename}`, 'dismiss'));
    return;
  }
  const progress = document.createElement('progress');
  progress.max = 1;
  if (stage.kind === 'uploading') {
    progress.value = stage.fraction;
  }
  // Without a value the bar is indeterminate: the server is making the variants.
  progress.setAttribute(
    'aria-label',
    stage.kind === 'uploading' ? `Uploading ${state.filename}` : `Processing ${state.filename}`,
  );
  const status = document.createElement('span');
  status.className = 'ql-upload__status';
  status.textContent =
    stage.kind === 'uploading' ? `${Math.round(stage.fraction * 100)}%` : 'Processing…';
  node.append(progress, status, button('Cancel', `Cancel uploading ${state.filename}`, 'cancel'));
}

function button(text: string, label: string, action: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'ql-upload__button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.dataset.action = action;
  return b;
}

/**
 * Where an image is being uploaded: never part of the saved HTML. Quill's Embed gives it the
 * guard text nodes a caret needs on either side of something not editable; what it shows is
 * drawn inside its content node only, so those guards stay put.
 */
export class UploadPlaceholder extends Embed {
  static override blotName = 'upload-placeholder';
  static override tagName = 'SPAN';
  static override className = 'ql-upload';

  static override create(key: string): HTMLElement {
    const node = super.create(key);
    if (!(node instanceof HTMLElement)) throw new TypeError('a placeholder needs an HTML element');
    node.dataset.upload = key;
    const body = document.createElement('span');
    body.className = 'ql-upload__body';
    renderPlaceholder(body, key);
    node.append(body);
    return node;
  }

  static override value(node: HTMLElement): string {
    return node.dataset.upload ?? '';
  }

  /** Left out of `getSemanticHTML()`: the post's content never holds an upload in progress. */
  html(): string {
    return '';
  }
}

let registered = false;
/** Register the editor's image formats with Quill (once). */
export function registerImageFormats(): void {
  if (registered) return;
  registered = true;
  Quill.register(
    { 'formats/image': InlineImage, 'formats/upload-placeholder': UploadPlaceholder },
    true,
  );
}

export type UploadFn = (file: File, options: UploadOptions) => Promise<MediaItem>;

const placeholderNode = (quill: Quill, key: string): HTMLElement | null =>
  quill.root.querySelector<HTMLElement>(`[data-upload="${key}"]`);
const placeholderBody = (quill: Quill, key: string): HTMLElement | null =>
  quill.root.querySelector<HTMLElement>(`[data-upload="${key}"] .ql-upload__body`);

/** Index of the placeholder in the document, or null once it is gone (deleted by the author). */
function placeholderIndex(quill: Quill, key: string): number | null {
  const node = placeholderNode(quill, key);
  const blot = node ? Quill.find(node) : null;
  return blot instanceof UploadPlaceholder ? quill.getIndex(blot) : null;
}

function removePlaceholder(quill: Quill, key: string): void {
  uploads.delete(key);
  const at = placeholderIndex(quill, key);
  if (at !== null) quill.deleteText(at, 1, 'user');
}

let sequence = 0;

/**
 * Upload `files` into the document at `index`, each through a placeholder that becomes the image.
 * Resolves when every upload has ended (inserted, failed or cancelled).
 */
export async function insertImages(
  quill: Quill,
  index: number,
  files: readonly File[],
  upload: UploadFn,
): Promise<void> {
  const jobs = files.map((file) => {
    const key = `upload-${Date.now().toString(36)}-${++sequence}`;
    const controller = new AbortController();
    const state: PlaceholderState = {
      filename: file.name,
      stage: { kind: 'uploading', fraction: 0 },
      cancel: () => controller.abort(),
    };
    uploads.set(key, state);
    return { file, key, controller, state };
  });
  jobs.forEach(({ key }, i) =>
    quill.insertEmbed(index + i, UploadPlaceholder.blotName, key, 'user'),
  );
  // The author goes on writing after the images, as after anything else inserted at the caret
  // (Quill leaves the caret before an insertion made at it).
  const caret = quill.getSelection();
  if (caret?.index === index && caret.length === 0)
    quill.setSelection(index + files.length, 0, 'silent');
  await Promise.all(
    jobs.map(async ({ file, key, controller, state }) => {
      const update = (stage: PlaceholderState['stage']): void => {
        state.stage = stage;
        const body = placeholderBody(quill, key);
        if (body) renderPlaceholder(body, key);
      };
      try {
        const item = await upload(file, { onStage: update, signal: controller.signal });
        const at = placeholderIndex(quill, key);
        uploads.delete(key);
        // The author deleted the placeholder while it uploaded: they no longer want the image.
        if (at === null) return;
        quill.updateContents(
          new Delta()
            .retain(at)
            .delete(1)
            .insert(
              { image: inlineSrc(item) },
              { width: String(item.width), height: String(item.height), alt: '' },
            ),
          'user',
        );
      } catch (err) {
        if (isAbort(err)) removePlaceholder(quill, key);
        else
          update({
            kind: 'failed',
            message: err instanceof Error ? err.message : 'The upload failed.',
          });
      }
    }),
  );
}

/** Cancel and Dismiss inside placeholders (their nodes are not editable, so the clicks are theirs). */
export function handlePlaceholderClicks(quill: Quill): () => void {
  const onClick = (e: MouseEvent): void => {
    if (!(e.target instanceof HTMLElement)) return;
    const action = e.target.closest<HTMLElement>('[data-action]')?.dataset.action;
    const key = e.target.closest<HTMLElement>('[data-upload]')?.dataset.upload;
    if (!action || !key) return;
    e.preventDefault();
    if (action === 'cancel') uploads.get(key)?.cancel();
    else removePlaceholder(quill, key);
  };
  quill.root.addEventListener('click', onClick);
  return () => quill.root.removeEventListener('click', onClick);
}

/** A `data:` image URL as a file, to upload like any other (an image inside pasted HTML). */
export function dataUrlFile(url: string, index: number): File | null {
  const m = /^data:(image\/[\w.+-]+);base64,(.*)$/s.exec(url.trim());
  if (!m?.[1] || m[2] === undefined) return null;
  try {
    const bytes = Uint8Array.from(atob(m[2].replace(/\s/g, '')), (c) => c.charCodeAt(0));
    const ext = m[1].split('/')[1]?.replace('jpeg', 'jpg').replace(/\W.*$/, '') ?? 'img';
    return new File([bytes], `pasted-image-${index + 1}.${ext}`, { type: m[1] });
  } catch {
    return null;
  }
}

/**
 * A clipboard matcher for `<img>` in pasted HTML: a `data:` image is taken out of the paste and
 * handed to `onFile` to upload; other images are kept as they are.
 */
export function dataImageMatcher(onFile: (file: File) => void) {
  let count = 0;
  return (node: Node, delta: Delta): Delta => {
    const src = node instanceof HTMLImageElement ? (node.getAttribute('src') ?? '') : '';
    if (!src.trim().toLowerCase().startsWith('data:')) return delta;
    const file = dataUrlFile(src, count++);
    if (file) onFile(file);
    return new Delta();
  };
}
