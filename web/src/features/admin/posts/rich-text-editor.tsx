import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import ReactQuill from 'react-quill-new';
import Quill from 'quill';
import { IMAGE_MIMES, MEDIA_LIMITS } from '@agency/shared';
import { faithfulSpaces } from './editor-html';
import {
  dataImageMatcher,
  handlePlaceholderClicks,
  InlineImage,
  insertImages,
  registerImageFormats,
  type UploadFn,
} from './editor-images';
import { useUploadImage } from '../ui/upload-image';
import { nameQuillToolbar, QuillGroup } from '../ui/quill-group';

/** Toolbar of spec 000 §2: headings 1–6, bold/italic/underline/blockquote, lists, alignment, image/code/link, clear. */
export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['image', 'code', 'link'],
  ['clean'],
];

registerImageFormats();

/**
 * Image types handed to the upload even though the library refuses them, so the author reads why
 * in place (Quill's uploader silently ignores any type it is not given).
 */
const PICKED_TYPES = [
  ...IMAGE_MIMES,
  'image/heic',
  'image/heif',
  'image/svg+xml',
  'image/tiff',
  'image/bmp',
];

/** Names for Quill's toolbar controls, which it renders without any (axe: aria-command-name, button-name). */
const CONTROL_NAMES: Record<string, string> = {
  header: 'Heading',
  align: 'Alignment',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  blockquote: 'Blockquote',
  list: 'List',
  image: 'Insert image',
  code: 'Code',
  link: 'Insert link',
  clean: 'Clear formatting',
};

export interface RichTextEditorProps {
  id: string;
  value: string;
  /** `source` is `user` for the author's edits, `api` when the editor rewrote a value it was given. */
  onChange: (html: string, source: string) => void;
  /** Id of the visible label. */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}

/** The Quill rich-text editor of the post form; loaded as its own chunk. */
export default function RichTextEditor({
  id,
  value,
  onChange,
  labelledBy,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const group = useRef<HTMLDivElement>(null);
  const editor = useRef<ReactQuill>(null);
  const picker = useRef<HTMLInputElement>(null);
  const uploadImage = useUploadImage();
  // The modules are built once (new ones would rebuild the editor); they reach the latest upload through this.
  const upload = useRef<UploadFn>(uploadImage);
  upload.current = uploadImage;
  const quill = (): Quill | null => editor.current?.getEditor() ?? null;
  /** Upload files into the text in place of `range`, or at the caret. */
  const insertFiles = useCallback(
    (files: readonly File[], range?: { index: number; length: number }): void => {
      const q = editor.current?.getEditor();
      if (!q || files.length === 0) return;
      const at = range ?? q.getSelection(true);
      if (at.length > 0) q.deleteText(at.index, at.length, 'user');
      void insertImages(q, at.index, files, (f, o) => upload.current(f, o));
    },
    [],
  );
  const modules = useMemo(
    () => ({
      toolbar: {
        container: EDITOR_TOOLBAR,
        // The image button picks files to upload instead of Quill's base64 embedding.
        handlers: { image: () => picker.current?.click() },
      },
      // Pasted and dropped files arrive here (Quill's default reads them as data: URLs).
      uploader: {
        mimetypes: PICKED_TYPES,
        handler: (range: { index: number; length: number }, files: File[]) =>
          insertFiles(files, range),
      },
      // Images inside pasted HTML that are data: URLs are uploaded after the paste, at the caret.
      clipboard: {
        matchers: [['IMG', dataImageMatcher((file) => setTimeout(() => insertFiles([file]), 0))]],
      },
    }),
    [insertFiles],
  );
  // The editor is handed back the HTML it wrote itself, so a repaired value does not look like a
  // change from outside (which would reload the editor and move the caret on every keystroke).
  const emitted = useRef({ raw: '', faithful: '' });
  const editorValue = value === emitted.current.faithful ? emitted.current.raw : value;
  /** The image whose description (alt) is being edited: picked by clicking it. */
  const [described, setDescribed] = useState<HTMLImageElement | null>(null);
  const altId = useId();
  useEffect(() => {
    if (group.current) nameQuillToolbar(group.current, CONTROL_NAMES);
    const q = editor.current?.getEditor();
    if (!q) return;
    // A click on an image opens its description beside it; a click anywhere else in the text closes it.
    const onImageClick = (e: MouseEvent): void => {
      setDescribed(e.target instanceof HTMLImageElement && Quill.find(e.target) ? e.target : null);
    };
    q.root.addEventListener('click', onImageClick);
    const stopPlaceholders = handlePlaceholderClicks(q);
    return () => {
      q.root.removeEventListener('click', onImageClick);
      stopPlaceholders();
    };
  }, []);
  /** Where the description popover sits: just under the image, inside the editor's box. */
  const [anchor, setAnchor] = useState<{ top: number; left: number } | null>(null);
  const popover = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = group.current;
    const q = editor.current?.getEditor();
    if (!described || !box || !q) {
      setAnchor(null);
      return;
    }
    const place = (): void => {
      if (!described.isConnected) {
        setDescribed(null);
        return;
      }
      const image = described.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      const width = popover.current?.offsetWidth ?? Math.min(360, outer.width);
      setAnchor({
        top: image.bottom - outer.top + 6,
        left: Math.max(0, Math.min(image.left - outer.left, outer.width - width)),
      });
    };
    place();
    // The image moves as text is typed above it, and with the window's width.
    q.on('editor-change', place);
    window.addEventListener('resize', place);
    return () => {
      q.off('editor-change', place);
      window.removeEventListener('resize', place);
    };
  }, [described]);
  useEffect(() => {
    if (anchor) popover.current?.scrollIntoView?.({ block: 'nearest' });
  }, [anchor]);
  /** The description the image had when the popover opened: what Escape puts back. */
  const original = useRef('');
  const altInput = useRef<HTMLInputElement>(null);
  // The popover takes the keyboard as it opens: what is typed next describes the image, and
  // never lands in the post.
  useEffect(() => {
    if (described) original.current = described.getAttribute('alt') ?? '';
  }, [described]);
  // Once placed: until then it is hidden, and a hidden field cannot take the focus.
  const placed = anchor !== null;
  useEffect(() => {
    if (!described || !placed) return;
    altInput.current?.focus({ preventScroll: true });
    altInput.current?.select();
  }, [described, placed]);
  /** The image's place in the text, or null once it is gone. */
  const imageIndex = (q: Quill): number | null => {
    const blot = described ? Quill.find(described) : null;
    return blot && !(blot instanceof Quill) ? q.getIndex(blot) : null;
  };
  /** Close the popover; the caret goes back into the text just after the image. */
  const closeDescription = (): void => {
    const q = quill();
    const at = q ? imageIndex(q) : null;
    setDescribed(null);
    if (!q) return;
    if (at === null) q.focus();
    else q.setSelection(at + 1, 0, 'user');
  };
  const onPopoverKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' && e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    // Escape leaves the description as it was; Enter (as Done) keeps what was typed.
    if (e.key === 'Escape') describe(original.current);
    closeDescription();
  };
  /**
   * Set the image's alt as the author types. Written on the image's node, then read back by Quill
   * as the author's change: Quill's own content calls put its caret back in the text, which would
   * take the keyboard from the popover after the first letter.
   */
  const describe = (alt: string): void => {
    const q = quill();
    const blot = described ? Quill.find(described) : null;
    if (!q || !(blot instanceof InlineImage)) return;
    if (blot.domNode.getAttribute('alt') === alt) return;
    blot.format('alt', alt);
    q.update('user');
  };
  return (
    <QuillGroup ref={group} labelledBy={labelledBy} invalid={invalid} describedBy={describedBy}>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_MIMES.join(',')}
        multiple
        hidden
        aria-label="Images to insert"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so the same file can be picked again.
          e.target.value = '';
          insertFiles(files);
        }}
      />
      <ReactQuill
        ref={editor}
        id={id}
        theme="snow"
        value={editorValue}
        onChange={(html, _delta, source) => {
          emitted.current = { raw: html, faithful: faithfulSpaces(html) };
          onChange(emitted.current.faithful, source);
        }}
        modules={modules}
      />
      {described?.isConnected && (
        <div
          ref={popover}
          className="rich-text__alt"
          role="group"
          aria-label="Image description"
          style={anchor ? { top: anchor.top, left: anchor.left } : { visibility: 'hidden' }}
          onKeyDown={onPopoverKey}
        >
          <label htmlFor={altId}>
            Describe the selected image for people who cannot see it (leave empty if it is only
            decoration)
          </label>
          <input
            ref={altInput}
            id={altId}
            type="text"
            defaultValue={described.getAttribute('alt') ?? ''}
            key={described.getAttribute('src') ?? ''}
            maxLength={MEDIA_LIMITS.altMax}
            onChange={(e) => describe(e.target.value)}
          />
          <button type="button" className="btn btn--outline" onClick={closeDescription}>
            Done
          </button>
        </div>
      )}
    </QuillGroup>
  );
}
