import { useEffect, useMemo, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import { nameQuillToolbar, QuillGroup } from './quill-group';

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
  list: 'List',
  clean: 'Clear formatting',
};

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
    if (group.current) nameQuillToolbar(group.current, NAMES);
  }, []);
  return (
    <QuillGroup ref={group} labelledBy={labelledBy} invalid={invalid} describedBy={describedBy}>
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
    </QuillGroup>
  );
}
