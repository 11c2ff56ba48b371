import { execFileSync } from 'node:child_process';
import { brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const path = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

describe('the beacon script', () => {
  it('is at most 1 KB, bundled alone, minified and Brotli-compressed', () => {
    // esbuild's own process: in this jsdom test its JS API refuses jsdom's TextEncoder.
    const code = execFileSync(path('../../../node_modules/esbuild/bin/esbuild'), [
      path('./beacon.ts'),
      '--bundle',
      '--minify',
      '--format=esm',
      '--target=es2022',
      '--log-level=error',
    ]);
    // A real bundle, not an empty file.
    expect(code.toString()).toContain('/api/collect');
    expect(brotliCompressSync(code).length).toBeLessThanOrEqual(1024);
  });
});
