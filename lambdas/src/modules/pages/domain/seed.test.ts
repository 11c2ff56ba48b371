import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, richTextPaths, type Field } from '@agency/shared';
import { sanitizeContent } from '../../posts/domain/sanitize';
import { cleanContent } from './content';
import { pageSeed } from './seed';

/** The seed the web build writes (`npm run build:local -w web`), as the deploy's seed job reads it. */
const built = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../web/dist-server/seed-pages.json',
);

describe.skipIf(!existsSync(built))('the web build’s seed of pages', () => {
  const seed = pageSeed.parse(JSON.parse(readFileSync(built, 'utf8')));
  const richTexts = seed.pages.flatMap(({ path: pagePath, blocks }) =>
    blocks.flatMap((block) =>
      richTextPaths(
        BLOCK_TYPES[block.type].fields as Readonly<Record<string, Field>>,
        block as unknown as Record<string, unknown>,
      ).map((at) => {
        let value: unknown = block;
        for (const key of at) value = (value as Record<string | number, unknown>)[key];
        return [`${pagePath} ${block.id}.${at.join('.')}`, value as string] as const;
      }),
    ),
  );

  it('has rich text, the privacy policy’s sections among it', () => {
    expect(richTexts.map(([where]) => where)).toContain('/privacy-policy policy.sections.0.body');
  });

  it.each(richTexts)('%s is as the sanitiser writes it', (_, html) => {
    expect(sanitizeContent(html).trim()).toBe(html);
  });

  it('is stored as it is: the first save of a seeded page changes nothing', () => {
    for (const { path: _path, ...content } of seed.pages)
      expect(cleanContent(content), _path).toEqual(content);
  });
});
