import { diffWords } from 'diff';

/** The readable text of stored HTML: one line per block, tags and entities gone. */
export function textOf(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|pre|blockquote|div)>/gi, '$&\n');
  const doc = new DOMParser().parseFromString(marked, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Word differences from `before` to `after`: removed words struck through, added ones marked. The
 * one comparison of the admin's revisions, posts' and pages' alike.
 */
export function Diff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  if (parts.every((p) => !p.added && !p.removed)) return <span>No difference.</span>;
  return (
    <>
      {parts.map((p, i) =>
        p.added ? (
          <ins key={i}>{p.value}</ins>
        ) : p.removed ? (
          <del key={i}>{p.value}</del>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}
