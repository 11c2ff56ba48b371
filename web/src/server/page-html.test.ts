import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAppModules, fillShell, pageChunks, readManifest } from './page-html';

const TEMPLATE =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';
const SPA =
  '<html><head>\n    <title>Alchem Digital</title>\n    <meta name="robots" content="noindex">\n  </head><body><div id="root"></div></body></html>';

describe('server page HTML', () => {
  it('fills the build template and the SPA shell alike, marking the path it rendered', () => {
    const parts = { head: '<title>A &amp; B</title>', html: '<h1>A</h1>', path: '/a"b' };
    expect(fillShell(TEMPLATE, parts)).toBe(
      '<html><head><title>A &amp; B</title></head><body><div id="root" data-path="/a&quot;b"><h1>A</h1></div></body></html>',
    );
    const spa = fillShell(SPA, { ...parts, afterRoot: '<script id="x"></script>' });
    expect(spa).not.toMatch(/noindex|Alchem Digital/);
    expect(spa).toContain('<title>A &amp; B</title>');
    expect(spa).toContain('<h1>A</h1></div><script id="x"></script>');
    expect(fillShell(TEMPLATE, { head: '', html: 'ignored', path: null })).toContain(
      '<div id="root"></div>',
    );
    expect(() => fillShell('<html></html>', parts)).toThrow(/<\/head>/);
  });

  it('collects a page chunk and its static imports once each, and names a source the build lacks', () => {
    const manifest = {
      'src/a.tsx': { file: 'assets/a.js', imports: ['_shared.js', '_b.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
    };
    expect(pageChunks(manifest, ['src/a.tsx'])).toEqual([
      '/assets/a.js',
      '/assets/shared.js',
      '/assets/b.js',
    ]);
    expect(pageChunks(manifest, [])).toEqual([]);
    expect(() => pageChunks(manifest, ['src/missing.tsx'])).toThrow(/src\/missing\.tsx/);
  });

  it("adds a page's chunks to the boot script's module list once each, after the entry", () => {
    const shell =
      '<head><script type="application/json" id="app-modules">["/assets/index.js","/assets/shell.js"]</script></head>';
    expect(addAppModules(shell, ['/assets/page.js', '/assets/shell.js'])).toBe(
      '<head><script type="application/json" id="app-modules">["/assets/index.js","/assets/shell.js","/assets/page.js"]</script></head>',
    );
    expect(() => addAppModules('<head></head>', ['/assets/page.js'])).toThrow(/app-modules/);
  });

  it('reads the build manifest, failing with the file named when it is missing or malformed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'manifest-'));
    const good = join(dir, 'good.json');
    await writeFile(good, JSON.stringify({ 'src/a.tsx': { file: 'assets/a.js', isEntry: true } }));
    await expect(readManifest(good)).resolves.toEqual({
      'src/a.tsx': { file: 'assets/a.js', isEntry: true },
    });
    await expect(readManifest(join(dir, 'none.json'))).rejects.toThrow(/none\.json/);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ 'src/a.tsx': { imports: [] } }));
    await expect(readManifest(bad)).rejects.toThrow(/bad\.json is malformed/);
  });
});
