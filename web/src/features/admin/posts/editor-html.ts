/**
 * Quill 2.0.3's `getSemanticHTML()` writes every space it holds as `&nbsp;` (slab/quill#4509, still
 * open upstream), so stored posts would never wrap between words. This applies the rule of the
 * upstream fix proposed in slab/quill#4827 to that output: a lone space is an ordinary space, and a
 * run of spaces keeps its non-breaking ones but ends in an ordinary space, so the run stays visible
 * and the line may still wrap after it. Spaces that Quill's own HTML reader would trim when the post
 * is loaded again (at the start or end of a block) stay non-breaking, so save → load → save is
 * stable. Only the `&nbsp;` entities Quill writes for its spaces are touched: a U+00A0 the author
 * holds is written as the character itself and stays.
 */

/** Inline elements Quill writes around text: a space next to them is inside the line. */
const INLINE_OPEN = /^<(?:a|b|code|em|i|img|s|span|strong|sub|sup|u)[\s/>]/;
const INLINE_CLOSE = /<\/(?:a|b|code|em|i|s|span|strong|sub|sup|u)>$/;
const ENTITY = '&nbsp;';

/** `getSemanticHTML()` output with the spaces the author typed as ordinary spaces. */
export function faithfulSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run: string, offset: number) => {
    const count = run.length / ENTITY.length;
    const end = offset + run.length;
    const after = html.slice(end, end + 8);
    const textFollows = after !== '' && (!after.startsWith('<') || INLINE_OPEN.test(after));
    if (!textFollows) return run;
    if (count > 1) return `${ENTITY.repeat(count - 1)} `;
    const before = html.slice(Math.max(0, offset - 10), offset);
    const textPrecedes = before !== '' && (!before.endsWith('>') || INLINE_CLOSE.test(before));
    return textPrecedes ? ' ' : run;
  });
}
