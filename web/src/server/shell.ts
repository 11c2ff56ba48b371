const HEAD_MARK = '<!--app-head-->';
const ROOT = /<div id="root"[^>]*>(?:<!--app-html-->)?<\/div>/;

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Put a rendered page into the built HTML shell: `head` into the head (at the `<!--app-head-->` mark,
 * or, in the prerender's spa.html, in place of its bare title and noindex), `html` into #root marked with
 * the path it was rendered for (the browser entry hydrates only then), and `afterRoot` (the SWR data) after it.
 */
export function fillShell(
  shell: string,
  parts: { head: string; html: string; path: string; afterRoot?: string },
): string {
  let out = shell;
  if (out.includes(HEAD_MARK)) {
    out = out.replace(HEAD_MARK, () => parts.head);
  } else {
    out = out
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta name="robots" content="noindex">\s*/i, '');
    const at = out.search(/<\/head>/i);
    if (at < 0) throw new Error('The HTML shell has no </head>');
    out = `${out.slice(0, at)}  ${parts.head}\n  ${out.slice(at)}`;
  }
  if (!ROOT.test(out)) throw new Error('The HTML shell has no empty <div id="root">');
  return out.replace(
    ROOT,
    () =>
      `<div id="root" data-path="${escapeAttr(parts.path)}">${parts.html}</div>${parts.afterRoot ?? ''}`,
  );
}
