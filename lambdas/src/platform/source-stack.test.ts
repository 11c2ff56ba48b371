import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { sourceStack } from './source-stack';

/**
 * A bundle built as the functions are (ESM, minified, a source map beside it) throws in a Node
 * without --enable-source-maps, as deployed; the logger's mapping puts each frame back at its line
 * of the source.
 */
describe('source-mapped stacks of logged errors', () => {
  it('maps a minified bundle frame to its TypeScript line, and leaves other frames alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-stack-'));
    mkdirSync(path.join(dir, 'lambdas/src/domain'), { recursive: true });
    const source = path.join(dir, 'lambdas/src/domain/thrower.ts');
    writeFileSync(
      source,
      [
        'export function first(n: number): number {',
        '  return second(n) + 1;',
        '}',
        'function second(n: number): number {',
        "  if (n > 0) throw new Error('it broke here');",
        '  return n;',
        '}',
        '',
      ].join('\n'),
    );
    const out = path.join(dir, 'dist/fn/index.mjs');
    await build({
      entryPoints: [source],
      bundle: true,
      minify: true,
      sourcemap: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
    });
    const script = `import(${JSON.stringify(out)}).then((m) => { try { m.first(1); } catch (e) { process.stdout.write(e.stack); } });`;
    const raw = execFileSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    // Without Node's own mapping the frames point into the minified file.
    expect(raw).toMatch(/index\.mjs:1:\d+/);
    const mapped = sourceStack(raw).split('\n');
    expect(mapped[0]).toBe('Error: it broke here');
    expect(mapped[1]).toMatch(/^ {4}at .*lambdas\/src\/domain\/thrower\.ts:5:\d+\)?$/);
    expect(mapped[2]).toMatch(/lambdas\/src\/domain\/thrower\.ts:2:\d+\)?$/);
    // Node's own frames have no map: as they were.
    const internal = raw.split('\n').find((l) => l.includes('node:'));
    if (internal) expect(mapped).toContain(internal);
  });

  it('leaves a stack of source files (npm start runs the handlers from source) as it is', () => {
    const stack =
      'Error: x\n    at f (/repo/lambdas/src/domain/posts.ts:10:5)\n    at node:internal/x:1:1';
    expect(sourceStack(stack)).toBe(stack);
  });
});
