import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageChunks, pageSources, preloadLinks } from './page-sources';

describe('pageSources', () => {
  it('names an existing module for every page', () => {
    for (const source of Object.values(pageSources))
      expect([source, existsSync(join(__dirname, '..', '..', source))]).toEqual([source, true]);
  });

  it('collects a page chunk and its static imports once each', () => {
    const manifest = {
      'src/a.tsx': { file: 'assets/a.js', imports: ['_shared.js', '_b.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
    };
    expect(pageChunks(manifest, 'src/a.tsx')).toEqual([
      '/assets/a.js',
      '/assets/shared.js',
      '/assets/b.js',
    ]);
    expect(pageChunks(manifest, 'src/missing.tsx')).toEqual([]);
    expect(preloadLinks(['/assets/a.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
    );
  });
});
