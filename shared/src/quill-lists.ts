/**
 * Quill 2 keeps every list in its own document as one `<ol>` of items, each saying its kind and
 * depth: `<ol><li data-list="bullet" class="ql-indent-1">…</li></ol>`, with an empty
 * `<span class="ql-ui">` in each item for its marker. Its `getSemanticHTML()` (what the admin's
 * editors save) writes real lists instead, but rich text that reached the store in Quill's own
 * format (pasted from the editor's HTML, or saved by a client that stored `root.innerHTML`) would
 * show its bullets as numbers. This writes such lists as the browser expects: `<ul>` for bullets,
 * `<ol>` for numbers, deeper items nested in the item before them, as Quill's own
 * `getSemanticHTML()` does (a check-list item keeps its `data-list`).
 *
 * Pure and idempotent: the output has no `<ol>` of Quill items, and any other markup is left as it
 * is. It expects sanitised HTML (the API's allowlist), where attribute values are quoted.
 */
export function quillLists(html: string): string {
  if (!html.includes('data-list=')) return html;
  return html.replace(QUILL_LIST, (list) => {
    const items = [...list.matchAll(ITEM)].map(([, attrs = '', content = '']) =>
      item(attrs, content),
    );
    return items.some((i) => i === null) ? list : nest(items as Item[]);
  });
}

/** An `<ol>` (Quill's list container) whose every item says its kind; an item holds no other item. */
const QUILL_LIST =
  /<ol(?:\s[^>]*)?>(?:<li\s[^>]*\bdata-list="(?:ordered|bullet|checked|unchecked)"[^>]*>(?:(?!<\/?(?:li|ol|ul)\b)[\s\S])*<\/li>)+<\/ol>/g;
const ITEM = /<li(\s[^>]*)>((?:(?!<\/?li\b)[\s\S])*)<\/li>/g;
/** The marker Quill draws in each item; never content. */
const MARKER = /<span class="ql-ui"[^>]*><\/span>/g;

interface Item {
  kind: string;
  depth: number;
  /** The item's own attributes but its kind and depth, as written after `<li`. */
  attrs: string;
  content: string;
}

function item(attrText: string, content: string): Item | null {
  const kind = /\sdata-list="([a-z]+)"/.exec(attrText)?.[1];
  if (kind === undefined) return null;
  let depth = 0;
  const attrs = attrText
    .replace(
      /\sdata-list="[a-z]+"/,
      kind === 'checked' || kind === 'unchecked' ? ` data-list="${kind}"` : '',
    )
    .replace(/\sclass="([^"]*)"/, (_, classes: string) => {
      const kept = classes.split(/\s+/).filter((c) => {
        const indent = /^ql-indent-(\d)$/.exec(c);
        if (indent) depth = Number(indent[1]);
        return c !== '' && !indent;
      });
      return kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
    });
  return { kind, depth, attrs, content: content.replace(MARKER, '') };
}

const tagOf = (kind: string): string => (kind === 'ordered' ? 'ol' : 'ul');

/** The items as nested lists: a deeper item opens a list inside the item before it. */
function nest(items: readonly Item[]): string {
  let out = '';
  /** The lists open, outermost first; each has an item open. */
  const open: { tag: string; kind: string }[] = [];
  const close = () => {
    const list = open.pop();
    if (list) out += `</li></${list.tag}>`;
  };
  for (const i of items) {
    while (open.length > i.depth + 1) close();
    if (open.length === i.depth + 1 && open[open.length - 1]?.kind !== i.kind) close();
    if (open.length === i.depth + 1) {
      out += `</li><li${i.attrs}>${i.content}`;
      continue;
    }
    // Deeper than the lists open: lists (with an empty item) down to its depth, as Quill writes it.
    while (open.length < i.depth) {
      out += `<${tagOf(i.kind)}><li>`;
      open.push({ tag: tagOf(i.kind), kind: i.kind });
    }
    out += `<${tagOf(i.kind)}><li${i.attrs}>${i.content}`;
    open.push({ tag: tagOf(i.kind), kind: i.kind });
  }
  while (open.length > 0) close();
  return out;
}
