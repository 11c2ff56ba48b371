import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAppModules, pageChunks, pageSources } from './page-sources';

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
  });

  it("adds a page's chunks to the boot script's module list once each, after the entry", () => {
    const shell =
      '<head><script type="application/json" id="app-modules">["/assets/index.js","/assets/shell.js"]</script></head>';
    expect(addAppModules(shell, ['/assets/page.js', '/assets/shell.js'])).toBe(
      '<head><script type="application/json" id="app-modules">["/assets/index.js","/assets/shell.js","/assets/page.js"]</script></head>',
    );
    expect(() => addAppModules('<head></head>', ['/assets/page.js'])).toThrow(/app-modules/);
  });
});
