import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import type { CodeSplittingGroup } from 'rolldown';
import react from '@vitejs/plugin-react';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { APP_MODULES_ID } from './src/app/app-modules';
import { registryEntries, type RegistryEntry } from './src/islands/registry-source';
import { parseEnv } from './src/lib/env-schema';

/**
 * The shared package is pure (no import-time effects), but its contract is built from function calls
 * the bundler cannot prove pure; saying so lets pages that only need a constant skip zod and the contract.
 */
export function sharedIsPure(): Plugin {
  return {
    name: 'agency:shared-is-pure',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        source !== '@agency/shared' &&
        !/[\\/]shared[\\/]src[\\/]/.test(source) &&
        !(importer && /[\\/]shared[\\/]src[\\/]/.test(importer) && source.startsWith('.'))
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, moduleSideEffects: false } : null;
    },
  };
}

/**
 * What every page loads ships as a few files instead of a score of small shared chunks:
 *
 * - `boot`: the boot script and what it imports (early input), the page's only script tag; the app
 *   imports them from this file (one module instance).
 * - `islands`: what hydrating any island needs (React aside), with the islands that wake without
 *   input (`idle` in the registry; none today) and their imports; each other island is a file of its own.
 * - `framework`: React and react-dom; `router`: react-router (the admin, and islands with links).
 * - `shell`: the browser entry and the modules of `web/src` it imports statically, what two or more
 *   public pages load at first, and what a public page loads at first that another public page
 *   loads later (in a deferred part): a few KB more on each page instead of a request per shared
 *   helper. Modules of `shared/src` join only when nothing they import leaves `shared/src`, so the
 *   barrel and the contract (zod) stay out and unused exports still shake off.
 *
 * A page's own chunk then holds the rest of what it loads at first. Found in the module graph; the
 * admin area keeps its own chunks.
 */
export function firstLoadChunks(): {
  plugin: Plugin;
  groups: CodeSplittingGroup[];
} {
  const shell = new Set<string>();
  const boot = new Set<string>();
  const islands = new Set<string>();
  /** The islands registry, read once per build (buildEnd) for the chunks and the files' map. */
  let registry = new Map<string, RegistryEntry>();
  const framework = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
  const router = /node_modules[\\/]react-router[\\/]/;
  const plugin: Plugin = {
    name: 'agency:first-load-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticDeps = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const allDeps = (id: string) => [
        ...staticDeps(id),
        ...(this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      ];
      /** Modules reached from `from` along `next`, not entering `stop`. */
      const reach = (
        from: readonly string[],
        next: (id: string) => readonly string[],
        stop: (id: string) => boolean = () => false,
      ): Set<string> => {
        const seen = new Set<string>();
        const queue = from.filter((id) => !stop(id));
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          for (const dep of next(id)) if (!stop(dep)) queue.push(dep);
        }
        return seen;
      };

      const entries = ids.filter(
        (id) => this.getModuleInfo(id)?.isEntry && !id.endsWith(BOOT_ENTRY),
      );
      // The browser entry itself (src/app/main.tsx) is part of the shell: index.html's own entry
      // file is then an empty facade, which the page never loads (see bootAfterFirstPaint).
      for (const id of reach(entries, staticDeps)) if (!id.endsWith('.html')) shell.add(id);

      const dynamicImportsOf = (file: string) => {
        const id = ids.find((i) => i.endsWith(file));
        return (id && this.getModuleInfo(id)?.dynamicallyImportedIds) || [];
      };
      // Block pages' content rides in their HTML (features/pages/page-data.ts), not in modules.
      const pages = dynamicImportsOf(PAGE_MODULES);
      const publicPages = pages.filter((id) => !ADMIN_PAGES.test(id));
      const inShell = (id: string) => shell.has(id);
      // What two or more public pages load at first...
      const firstLoads = publicPages.map((page) =>
        [...reach(staticDeps(page), staticDeps, inShell)].filter((id) => !pages.includes(id)),
      );
      const loadedBy = new Map<string, number>();
      for (const first of firstLoads)
        for (const id of first) loadedBy.set(id, (loadedBy.get(id) ?? 0) + 1);
      for (const [id, count] of loadedBy) if (count >= 2) shell.add(id);
      // ...and what a page loads at first that another public page loads too, later (in a deferred
      // part). The admin's pages are left out: what its preview shares with the public pages (the
      // block renderer, the post article) is the admin's to fetch, not every visitor's.
      const later = publicPages.map((page) => reach([page], allDeps, inShell));
      publicPages.forEach((page, i) => {
        for (const id of firstLoads[i] ?? [])
          if (later.some((reached, j) => j !== i && reached.has(id))) shell.add(id);
      });
      // The boot script and what it imports run before the first paint: they stay in the boot
      // script's own file, which the shell imports in turn (one module instance, shared with the app).
      const selfContained = (id: string) =>
        [...reach([id], staticDeps)].every((dep) => SHARED_SRC.test(dep));
      // A module of `shared/src` joins the boot file only when self-contained: never the barrel,
      // through which every other file's imports of shared (the contract, zod) would land in it.
      const outside = (id: string) =>
        !WEB_SRC.test(id) && !(SHARED_SRC.test(id) && selfContained(id));
      const bootId = ids.find((id) => id.endsWith(BOOT_ENTRY));
      for (const id of bootId ? reach([bootId], staticDeps, outside) : []) {
        shell.delete(id);
        boot.add(id);
      }
      for (const id of shell)
        if (!WEB_SRC.test(id) && !(SHARED_SRC.test(id) && selfContained(id))) shell.delete(id);
      // An island loads its own code and what it imports, never the shell: a public page runs no
      // app (src/islands), and its first island must not bring the whole app's shell with React.
      const islandsFrom = [
        ...ids.filter((id) => id.endsWith(HYDRATE_ENTRY)),
        ...dynamicImportsOf(ISLAND_REGISTRY),
      ];
      for (const id of reach(islandsFrom, staticDeps)) shell.delete(id);
      // What hydrating any island needs (React's renderer aside) is one file of its own, which the
      // shell imports in turn: not the shell, whose entry would start the app.
      const hydrateId = ids.find((id) => id.endsWith(HYDRATE_ENTRY));
      for (const id of hydrateId ? reach([hydrateId], staticDeps, outside) : [])
        if (!boot.has(id)) islands.add(id);
      // An island that wakes without input (`idle`; none today) loads with what hydrating needs, as
      // one file with what it imports, instead of its own file and one for each helper it shares
      // with other islands: a page's first island loads a few KB more, and the idle island two
      // fewer requests before it moves.
      registry = registryEntries(readFileSync(REGISTRY_SOURCE, 'utf8'));
      const idleModules = [...registry.values()]
        .filter((entry) => entry.when === 'idle')
        .map((entry) => ids.find((id) => isSourceOf(id, entry.module)))
        .filter((id) => id !== undefined);
      // Like the boot file: this site's modules, and shared's only when self-contained.
      const elsewhere = (id: string) => boot.has(id) || islands.has(id) || outside(id);
      for (const id of reach(idleModules, staticDeps, elsewhere)) islands.add(id);
    },
    generateBundle(_options, bundle) {
      // Which file holds each island's module (and the island router's): a module a group
      // captured has no manifest entry of its own, and the budget test follows each island's file.
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const fileOf = (module: string) =>
        chunks.find((c) => c.moduleIds.some((id) => isSourceOf(id, module)))?.fileName;
      const files = Object.fromEntries(
        [...registry]
          .map(([name, entry]) => [name, fileOf(entry.module)])
          .concat([[ISLAND_ROUTER_KEY, fileOf(ISLAND_ROUTER)]]),
      );
      this.emitFile({ type: 'asset', fileName: ISLAND_FILES, source: JSON.stringify(files) });
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', test: (id) => boot.has(id), priority: 5 },
      { name: 'islands', test: (id) => islands.has(id), priority: 3 },
      { name: 'framework', test: (id) => framework.test(id), priority: 4 },
      // Apart from React: islands without links (the tabs, the stepper) hydrate without it.
      { name: 'router', test: (id) => router.test(id), priority: 4 },
      // Only the modules chosen above: an island's imports the app shares stay out of the shell.
      {
        name: 'shell',
        test: (id) => shell.has(id),
        priority: 2,
        includeDependenciesRecursively: false,
      },
    ],
  };
}

const WEB_SRC = /[\\/]web[\\/]src[\\/]/;
const SHARED_SRC = /[\\/]shared[\\/]src[\\/]/;
const BOOT_ENTRY = 'src/app/boot.ts';
/** The browser entry (index.html's script). */
const APP_ENTRY = 'src/app/main.tsx';
/** The map of page modules, which imports every page (lazily, one chunk each). */
const PAGE_MODULES = 'src/app/page-modules.ts';
const ADMIN_PAGES = /[\\/]features[\\/]admin[\\/]/;
/** The islands' hydration (React's first importer on a public page) and their registry. */
const HYDRATE_ENTRY = 'src/islands/hydrate.tsx';
const ISLAND_REGISTRY = 'src/islands/registry.ts';
const REGISTRY_SOURCE = resolve(import.meta.dirname, ISLAND_REGISTRY);
const ISLAND_ROUTER = 'src/islands/island-router';
/** Whether a module id is the TypeScript source of `module` (a path under web/ without extension). */
const isSourceOf = (id: string, module: string): boolean =>
  /\.tsx?$/.test(id) && id.includes(`/${module}.`);
/** The build's map of island name (and `router`) to the file holding its module, for the budget test. */
const ISLAND_FILES = '.vite/islands.json';
const ISLAND_ROUTER_KEY = 'router';

/**
 * Pages start the app after their first paint (see src/app/boot.ts): the file holding the boot
 * module is the page's only script tag, and the file holding the browser entry, then every file it
 * imports, become the `#app-modules` list (in place of the scripts and modulepreloads Vite writes).
 * The prerender and the render handler add each page's chunks to the list.
 */
export function bootAfterFirstPaint(): Plugin {
  return {
    name: 'agency:boot-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        /** The file that holds a module (entry modules may ship in a group's file, see firstLoadChunks). */
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`The build has no file holding ${module}`);
          return chunk;
        };
        const boot = chunkOf(BOOT_ENTRY).fileName;
        const files: string[] = [];
        const add = (file: string): void => {
          if (file === boot || files.includes(file)) return;
          files.push(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) add(dep);
        };
        add(chunkOf(APP_ENTRY).fileName);
        const out = html
          .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/g, '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
        const tags = [
          `<script type="module" crossorigin src="/${boot}"></script>`,
          `<script type="application/json" id="${APP_MODULES_ID}">${JSON.stringify(files.map((f) => `/${f}`))}</script>`,
        ].join('\n    ');
        return out.replace('</head>', `  ${tags}\n  </head>`);
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `import url from './drawing.svg?w=800&raster'`: the URL of the drawing as a WebP 800 pixels wide. */
const RASTER_QUERY = /\?w=(\d+)&raster$/;

/**
 * Draws a vector image once, at build, as a WebP of the width its import asks for. A detailed SVG
 * (the portfolio's mock-ups, with text and patterns) is laid out and painted on the page's main
 * thread, 40–60 ms each on this machine, where a bitmap is decoded off it. The WebP is written
 * beside Vite's own cache and imported from there, so the client build, the prerender's build,
 * the dev server and the tests all treat it as any other image file.
 */
export function rasterImages(
  cacheDir = join(import.meta.dirname, 'node_modules', '.raster'),
): Plugin {
  return {
    name: 'agency:raster-images',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = RASTER_QUERY.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(source.slice(0, match.index), importer, {
        skipSelf: true,
      });
      return resolved && `\0raster:${resolved.id}?w=${match[1]}&raster`;
    },
    async load(id) {
      if (!id.startsWith('\0raster:')) return null;
      const match = RASTER_QUERY.exec(id);
      if (!match) return null;
      const file = id.slice('\0raster:'.length, match.index);
      const width = Number(match[1]);
      this.addWatchFile(file);
      const svg = await readFile(file);
      const digest = createHash('sha256').update(svg).digest('hex').slice(0, 12);
      const out = join(cacheDir, digest, `${basename(file, extname(file))}-${width}.webp`);
      if (!existsSync(out)) {
        const { default: sharp } = await import('sharp');
        await mkdir(dirname(out), { recursive: true });
        const webp = await sharp(svg).resize({ width }).webp({ quality: 82 }).toBuffer();
        // Builds and test workers may draw the same file at once: each writes its own copy, and
        // the rename puts a whole file in place whichever comes last.
        const tmp = `${out}.${process.pid}.${randomUUID()}.tmp`;
        await writeFile(tmp, webp);
        await rename(tmp, out);
      }
      return `import url from ${JSON.stringify(`${out}?no-inline`)};\nexport default url;\n`;
    },
  };
}

/**
 * Hashed text assets are written compressed too, once, at the highest settings (`app-1a2b.js.br`
 * with Brotli quality 11, `.gz` with gzip -9): the local server sends these copies to browsers that
 * accept them, as CloudFront sends its compressed copies, instead of compressing on every request.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'agency:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter(
        (file) => file.startsWith('assets/') && /\.(js|css|svg|json)$/.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Compile-time constants: the zod-checked environment (one parse, at config load) and the method and
 * path of each API operation anyone may call (src/lib/api-routes.ts). Vitest passes `{}` for the
 * environment.
 */
export async function appDefines(viteEnv: Record<string, string>): Promise<Record<string, string>> {
  // The shared package ships TypeScript, which the config loader leaves to Node: tsx loads it.
  const { contract, openOperationNames }: typeof import('@agency/shared') = await tsImport(
    '@agency/shared',
    import.meta.url,
  );
  // Only what anyone may call: staff calls go through callApi, whose chunk holds the contract.
  const routes = Object.fromEntries(
    openOperationNames.map((name) => [
      name,
      { method: contract[name].method, path: contract[name].path },
    ]),
  );
  return {
    __APP_ENV__: JSON.stringify(parseEnv(viteEnv)),
    __API_ROUTES__: JSON.stringify(routes),
  };
}

// Browser build → dist/ (index.html + hashed assets); `vite build --ssr src/entry-server.tsx` → dist-server/.
export default defineConfig(async ({ mode, isSsrBuild }): Promise<UserConfig> => {
  const chunks = firstLoadChunks();
  const { LOCAL_STACK }: typeof import('@agency/shared') = await tsImport(
    '@agency/shared',
    import.meta.url,
  );
  return {
    root: import.meta.dirname,
    plugins: [
      sharedIsPure(),
      rasterImages(),
      react(),
      chunks.plugin,
      bootAfterFirstPaint(),
      ...(isSsrBuild ? [] : [precompressAssets()]),
    ],
    define: await appDefines(loadEnv(mode, import.meta.dirname, 'VITE_')),
    build: {
      target: 'es2022',
      emptyOutDir: true,
      // One stylesheet, linked from every prerendered page: page chunks load after first paint (and not at
      // all without JavaScript), so their CSS must not ride with them.
      cssCodeSplit: false,
      // dist/.vite/manifest.json: the prerender preloads each page's chunk from it.
      manifest: true,
      // Browsers without <link rel="modulepreload"> (none this build targets) do not need the polyfill.
      modulePreload: { polyfill: false },
      // The seed's images (client logos, portfolio mock-ups) are imported by the server build only:
      // it writes them (dist-server/assets), and prerender copies those the seed names into dist/.
      ssrEmitAssets: true,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            input: {
              index: resolve(import.meta.dirname, 'index.html'),
              boot: resolve(import.meta.dirname, BOOT_ENTRY),
            },
            output: { codeSplitting: { groups: chunks.groups } },
          },
    },
    // Self-contained server bundle: the blog render handler ships it as a Lambda.
    ssr: { noExternal: true },
    worker: { format: 'es' },
    server: {
      port: 5173,
      // `npm run dev -w web` next to the local stack (npm start) on its default port.
      proxy: { '/api': LOCAL_STACK.url, '/media': LOCAL_STACK.url },
    },
    preview: { port: 4173 },
  };
});
