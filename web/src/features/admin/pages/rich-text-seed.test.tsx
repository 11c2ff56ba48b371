import Quill from 'quill';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, richTextPaths, type Field } from '@agency/shared';
import { SEED_PAGES } from '../../../content/pages';

/** Every rich-text field of the seeded pages: where it is and what it holds. */
const seeded = SEED_PAGES.flatMap((page) =>
  page.blocks.flatMap((block) =>
    richTextPaths(
      BLOCK_TYPES[block.type].fields as Readonly<Record<string, Field>>,
      block as unknown as Record<string, unknown>,
    ).map((path) => {
      let at: unknown = block;
      for (const key of path) at = (at as Record<string | number, unknown>)[key];
      return [`${page.path} ${block.id}.${path.join('.')}`, at as string] as const;
    }),
  ),
);

describe('the seed’s rich text in the admin’s editor', () => {
  it('has rich text to check (the privacy policy’s sections among it)', () => {
    expect(seeded.map(([where]) => where)).toContain('/privacy-policy policy.sections.0.body');
  });

  it.each(seeded)('%s: Quill reads it and writes it back as it was', (_, html) => {
    const quill = new Quill(document.createElement('div'));
    // As react-quill-new loads a value, and as it hands back an edit (getSemanticHTML).
    quill.setContents(quill.clipboard.convert({ html }), 'api');
    // What the API stores of it: Quill 2.0.3 writes each space as &nbsp; (slab/quill#4509), which
    // the API's sanitiser makes a space again when it is a lone one (repairWordSpaces), and it
    // writes a quotation mark in text as `"` where Quill writes `&quot;`.
    const out = quill
      .getSemanticHTML()
      .replace(/(?<!&nbsp;)&nbsp;(?!&nbsp;)/g, ' ')
      .replace(/>[^<]*</g, (text) => text.replace(/&quot;/g, '"'));
    expect(out).toBe(html);
  });
});
