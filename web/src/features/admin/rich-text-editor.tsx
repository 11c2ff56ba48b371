import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

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

export interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
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
  return (
    <div
      className="rich-text"
      role="group"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <ReactQuill
        id={id}
        theme="snow"
        value={value}
        onChange={(html) => onChange(html)}
        modules={MODULES}
      />
    </div>
  );
}
