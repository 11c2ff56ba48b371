/**
 * Tests' stand-in for the rich-text editor (Quill needs a real browser): a textarea on the same
 * value/onChange contract the post form relies on. Used as `vi.mock('./rich-text-editor', () =>
 * import('./editor-stand-in'))`.
 */
export default function EditorStandIn({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  /** As Quill's: what was typed is the `user`'s. */
  onChange: (v: string, source: string) => void;
}) {
  return (
    <textarea
      id={id}
      data-testid="editor"
      value={value}
      onChange={(e) => onChange(e.target.value, 'user')}
    />
  );
}
