import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import { faithfulSpaces } from './editor-html';
// Quill's theme ships with the editor's chunk, not in the public site's stylesheet.
import quillCss from 'react-quill-new/dist/quill.snow.css?inline';

/** Toolbar of spec 000 §2: headings 1–6, bold/italic/underline/blockquote, lists, alignment, image/code/link, clear. */
export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['image', 'code', 'link'],
  ['clean'],
];

const MODULES = { toolbar: EDITOR_TOOLBAR };

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

function nameToolbar(root: HTMLElement): void {
  for (const control of root.querySelectorAll<HTMLElement>(
    '.ql-toolbar button, .ql-toolbar .ql-picker',
  )) {
    const format =
      [...control.classList]
        .find((c) => c.startsWith('ql-') && c !== 'ql-picker' && c !== 'ql-active')
        ?.slice(3) ?? '';
    const base = CONTROL_NAMES[format];
    if (!base) continue;
    const value = control.getAttribute('value');
    const name =
      format === 'list' && value ? `${value === 'ordered' ? 'Numbered' : 'Bulleted'} list` : base;
    const target = control.classList.contains('ql-picker')
      ? control.querySelector<HTMLElement>('.ql-picker-label')
      : control;
    target?.setAttribute('aria-label', name);
  }
}

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
  // The editor is handed back the HTML it wrote itself, so a repaired value does not look like a
  // change from outside (which would reload the editor and move the caret on every keystroke).
  const emitted = useRef({ raw: '', faithful: '' });
  const editorValue = value === emitted.current.faithful ? emitted.current.raw : value;
  useEffect(() => {
    if (group.current) nameToolbar(group.current);
  }, []);
  return (
    <div
      ref={group}
      className="rich-text"
      role="group"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <style href="quill-snow" precedence="default">
        {quillCss}
      </style>
      <ReactQuill
        id={id}
        theme="snow"
        value={editorValue}
        onChange={(html, _delta, source) => {
          emitted.current = { raw: html, faithful: faithfulSpaces(html) };
          onChange(emitted.current.faithful, source);
        }}
        modules={MODULES}
      />
    </div>
  );
}
