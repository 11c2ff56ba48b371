import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What a prerendered public page loads before anything comes into view, Brotli: its boot script and
 * the `#app-modules` list the build writes (src/app/boot.ts). README's performance target for what
 * Lighthouse sees transferred is 100 KB; this holds the files themselves to it, so a change that
 * pulls a library into every page (zod through a shared module, 2026-11-28: 92 → 115 KB) fails
 * `npm test` instead of waiting for the next `bench:web`.
 */
const FIRST_LOAD_BUDGET_KB = 100;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

/** Every prerendered page of the build (index.html of each folder, and the 404 page). */
function prerenderedPages(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'assets') continue;
    if (statSync(path).isDirectory()) prerenderedPages(path, into);
    else if (name === 'index.html' || name === '404.html') into.push(path);
  }
  return into;
}

/** The scripts a page loads at first: its module script tags and its `#app-modules` list. */
function firstLoadScripts(html: string): string[] {
  const tags = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]);
  const list = /<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html);
  const modules: unknown = list?.[1] ? JSON.parse(list[1]) : [];
  if (!Array.isArray(modules)) throw new Error('#app-modules is not a list');
  return [...new Set([...tags, ...modules].map(String))];
}

const files = new Map<string, { brotli: number; zod: boolean }>();
/** A built script's Brotli size and whether it holds zod, each file compressed once. */
function read(script: string): { brotli: number; zod: boolean } {
  let file = files.get(script);
  if (!file) {
    const code = readFileSync(join(dist, script));
    file = { brotli: brotliCompressSync(code).length, zod: code.toString().includes('ZodError') };
    files.set(script, file);
  }
  return file;
}

describe('what a public page loads at first', () => {
  it('the build is there (npm test builds it first: npm run build:local)', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
  });

  const pages = existsSync(dist) ? prerenderedPages(dist) : [];
  it.each(pages.map((p) => [p.slice(dist.length) || '/', p]))(
    '%s stays within the budget and loads no zod',
    (_, path) => {
      const scripts = firstLoadScripts(readFileSync(path, 'utf8'));
      expect(scripts.some((s) => s.includes('/assets/boot'))).toBe(true);
      let bytes = 0;
      for (const script of scripts) {
        const file = read(script);
        bytes += file.brotli;
        // zod's schemas belong to forms and the admin, which load them when used.
        expect(file.zod, script).toBe(false);
      }
      expect(bytes / 1024).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    },
  );
});
