import type { ReactNode, Ref } from 'react';
// Quill's theme ships with the editors' chunks, not in the public site's stylesheet.
import quillCss from 'react-quill-new/dist/quill.snow.css?inline';

/**
 * Name Quill's toolbar controls, which it renders without any (axe: aria-command-name,
 * button-name): each by `names[format]`, a list button by its kind; a control without a name in
 * `names` is left as it is.
 */
export function nameQuillToolbar(root: HTMLElement, names: Readonly<Record<string, string>>): void {
  for (const control of root.querySelectorAll<HTMLElement>(
    '.ql-toolbar button, .ql-toolbar .ql-picker',
  )) {
    const format =
      [...control.classList]
        .find((c) => c.startsWith('ql-') && c !== 'ql-picker' && c !== 'ql-active')
        ?.slice(3) ?? '';
    const base = names[format];
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

/**
 * The box of a Quill editor in an admin form: a group named by the field's visible label, marked
 * invalid and described by its error, with Quill's theme.
 */
export function QuillGroup({
  ref,
  labelledBy,
  invalid,
  describedBy,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  /** Id of the visible label. */
  labelledBy: string;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div
      ref={ref}
      className="rich-text"
      role="group"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <style href="quill-snow" precedence="default">
        {quillCss}
      </style>
      {children}
    </div>
  );
}
