import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registryEntries } from '../islands/registry-source';

/**
 * What a prerendered public page really loads, Brotli (quality 11, what the build ships as .br):
 *
 * - at load, the boot script its HTML names and every file that script imports statically (the
 *   page script and the islands runtime, no React): held to LOAD_BUDGET_KB on every page;
 * - on a page with an `idle` island (none today: the home page's hero carousel is plain script),
 *   also what hydrating that island loads without any visitor input: the islands chunk, React and the island's own chunk,
 *   each with its static imports: the whole held to IDLE_BUDGET_KB.
 *
 * `seen` and `used` islands load later and only on the pages that use them; bench:web measures
 * them in Chromium. The figures come from the built files rather than a browser so `npm test`
 * stays fast and needs no server: a change that pulls React, zod or a large module into every
 * page fails here instead of waiting for the next `bench:web`.
 */
const LOAD_BUDGET_KB = 15;
const IDLE_BUDGET_KB = 75;

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(web, 'dist');

/** Every prerendered public page: index.html of each folder and the 404 page, not the admin's shell. */
function prerenderedPages(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'assets' || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) prerenderedPages(path, into);
    else if ((name === 'index.html' || name === '404.html') && !emptyRoot(path)) into.push(path);
  }
  return into;
}

/** An empty `#root` is the single-page app's shell (spa.html), which loads the app, not islands. */
const emptyRoot = (path: string): boolean => /<div id="root"[^>]*><\/div>/.test(read(path));

const texts = new Map<string, string>();
function read(path: string): string {
  let text = texts.get(path);
  if (text === undefined) texts.set(path, (text = readFileSync(path, 'utf8')));
  return text;
}

/**
 * The relative files a built module imports statically: `import{a}from"./x.js"`, `import"./x.js"`
 * and `export{a}from"./x.js"` as Vite writes them, minified or not. Dynamic `import("./x.js")`
 * is left out: it loads later, when the code calls it.
 */
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** A built script (path under dist, like `/assets/boot-x.js`) with everything it imports statically. */
function withStaticImports(script: string, into = new Set<string>()): Set<string> {
  if (into.has(script)) return into;
  into.add(script);
  const code = read(join(dist, script));
  for (const [, specifier = ''] of code.matchAll(STATIC_IMPORT))
    withStaticImports(posix.join(posix.dirname(script), specifier), into);
  return into;
}

const sizes = new Map<string, { brotli: number; zod: boolean }>();
/** A built script's Brotli size and whether it holds zod, each file compressed once. */
function measure(script: string): { brotli: number; zod: boolean } {
  let size = sizes.get(script);
  if (!size) {
    const code = readFileSync(join(dist, script));
    const brotli = brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    size = { brotli, zod: code.toString().includes('ZodError') };
    sizes.set(script, size);
  }
  return size;
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = (): Manifest => JSON.parse(read(join(dist, '.vite', 'manifest.json'))) as Manifest;

/** The registry's islands: each one's module and whether it needs the island router. */
const registryModules = () => registryEntries(read(join(web, 'src', 'islands', 'registry.ts')));

/**
 * The built file (under dist) holding an island's module, or the island router's (`router`):
 * the build writes the map (`.vite/islands.json`), since a module the build put in a shared
 * file (the idle islands') has no manifest entry of its own.
 */
function builtFile(name: string): string {
  const files = JSON.parse(read(join(dist, '.vite', 'islands.json'))) as Record<string, string>;
  const file = files[name];
  if (!file) throw new Error(`the build's map of island files has no ${name}`);
  return `/${file}`;
}

/** The scripts a page's HTML names as module scripts (the boot script). */
const moduleScripts = (html: string): string[] =>
  [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1] ?? '');

/** The names of the page's islands that wake when the browser is idle, without any input. */
const idleIslands = (html: string): string[] =>
  [...html.matchAll(/<[^>]*\sdata-island="idle"[^>]*>/g)].map(
    (tag) => /\sdata-deferred="([^"]+)"/.exec(tag[0])?.[1] ?? '?',
  );

/** What hydrating the named islands loads: the islands chunk, React, each island and its imports. */
function idleHydration(islands: string[]): Set<string> {
  const chunks = manifest();
  const boot = Object.values(chunks).find((c) => c.isEntry && c.src === 'src/app/boot.ts');
  // The islands runtime's `import('./hydrate')`: the boot script's one dynamic import.
  const runtime = (boot?.dynamicImports ?? []).map((key) => `/${chunks[key]?.file ?? key}`);
  if (runtime.length !== 1) throw new Error(`boot.ts loads ${runtime.length} chunks, not 1`);
  const modules = registryModules();
  const files = new Set<string>();
  for (const script of runtime) withStaticImports(script, files);
  for (const name of islands) {
    const island = modules.get(name);
    if (!island) throw new Error(`the page has an idle island "${name}" the registry lacks`);
    withStaticImports(builtFile(name), files);
    if (island.router) withStaticImports(builtFile('router'), files);
  }
  return files;
}

/** A page's address: `/about/index.html` is /about, `/index.html` is /. */
const route = (file: string): string => file.replace(/\/index\.html$/, '') || '/';

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/** The files' Brotli total, and a line naming each (largest first) for a failure's message. */
function tally(files: Iterable<string>): { kb: number; listed: string } {
  const measured = [...files].map((f) => ({ f, bytes: measure(f).brotli }));
  measured.sort((a, b) => b.bytes - a.bytes);
  const total = measured.reduce((sum, m) => sum + m.bytes, 0);
  return { kb: kb(total), listed: measured.map((m) => `${m.f} ${kb(m.bytes)} KB`).join(', ') };
}

describe('what a public page loads', () => {
  it('the build is there (npm test builds it first: npm run build:local)', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
  });

  const pages = existsSync(dist) ? prerenderedPages(dist) : [];
  const named = pages.map((p) => [route(p.slice(dist.length)), p] as const);

  it('finds the prerendered pages; the home page wakes no island without input (its hero is plain script)', () => {
    expect(pages.length).toBeGreaterThan(5);
    expect(idleIslands(read(join(dist, 'index.html')))).toEqual([]);
  });

  it.each(named)(
    `%s loads at most ${LOAD_BUDGET_KB} KB of script at load, and no zod`,
    (page, path) => {
      const boot = moduleScripts(read(path));
      expect(
        boot.some((s) => s.startsWith('/assets/boot-')),
        `${page}: no boot script`,
      ).toBe(true);
      const files = new Set<string>();
      for (const script of boot) withStaticImports(script, files);
      // zod's schemas belong to forms and the admin, which load them when used.
      const zod = [...files].filter((f) => measure(f).zod);
      expect(zod, `${page} loads zod at load`).toEqual([]);
      const load = tally(files);
      expect(
        load.kb,
        `${page} loads ${load.kb} KB Brotli of script at load (budget ${LOAD_BUDGET_KB} KB): ${load.listed}`,
      ).toBeLessThanOrEqual(LOAD_BUDGET_KB);
    },
  );

  const withIdle = named.filter(([, path]) => idleIslands(read(path)).length > 0);
  if (withIdle.length > 0)
    it.each(withIdle)(
      `%s loads at most ${IDLE_BUDGET_KB} KB with its idle islands hydrated, and no zod`,
      (page, path) => {
        const html = read(path);
        const files = new Set<string>();
        for (const script of moduleScripts(html)) withStaticImports(script, files);
        for (const file of idleHydration(idleIslands(html))) files.add(file);
        expect([...files].some((f) => f.includes('/framework-'))).toBe(true);
        const zod = [...files].filter((f) => measure(f).zod);
        expect(zod, `${page} loads zod when idle`).toEqual([]);
        const idle = tally(files);
        expect(
          idle.kb,
          `${page} loads ${idle.kb} KB Brotli of script by the time it is idle (budget ${IDLE_BUDGET_KB} KB): ${idle.listed}`,
        ).toBeLessThanOrEqual(IDLE_BUDGET_KB);
      },
    );
});
