import { useEffect, useMemo, useRef } from 'react';
import ReactQuill from 'react-quill-new';
// Quill's theme ships with the editor's chunk, not in the public site's stylesheet.
import quillCss from 'react-quill-new/dist/quill.snow.css?inline';

/**
 * What a block's rich text holds (the shared `richText` field: paragraphs, lists, links, emphasis):
 * the post editor's Quill, with a toolbar of those and nothing else (images have their own blocks).
 */
const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['clean'],
];

/** Names for Quill's toolbar controls, which it renders without any. */
const NAMES: Record<string, string> = {
  header: 'Heading',
  bold: 'Bold',
  italic: 'Italic',
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
    const value = control.getAttribute('value');
    const name =
      format === 'list' && value
        ? `${value === 'ordered' ? 'Numbered' : 'Bulleted'} list`
        : NAMES[format];
    if (!name) continue;
    const target = control.classList.contains('ql-picker')
      ? control.querySelector<HTMLElement>('.ql-picker-label')
      : control;
    target?.setAttribute('aria-label', name);
  }
}

export interface RichTextFieldProps {
  id: string;
  /** Id of the visible label. */
  labelledBy: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** A rich-text field of a generated form (Quill, lazily loaded as its own chunk); the API sanitises what it holds on save. */
export default function RichTextField({
  id,
  labelledBy,
  value,
  onChange,
  invalid,
  describedBy,
}: RichTextFieldProps) {
  const group = useRef<HTMLDivElement>(null);
  const modules = useMemo(() => ({ toolbar: TOOLBAR }), []);
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
        value={value}
        onChange={(html, _delta, source) => {
          // Quill rewrites a value it is given into its own markup: only the author's edits count.
          if (source === 'user') onChange(html);
        }}
        modules={modules}
      />
    </div>
  );
}
