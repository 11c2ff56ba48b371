import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { APP_MODULES_ID } from './src/app/boot';
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
 * What every page loads ships as two files instead of a score of small shared chunks: `framework`
 * (React, react-dom, react-router) and `shell` (the modules of `web/src` the browser entry imports
 * statically, found in the module graph; shared's barrel stays out, so unused exports still shake
 * off). Fewer requests, and gzip compresses each file as a whole.
 */
export function firstLoadChunks(): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority?: number }[];
} {
  const shell = new Set<string>();
  const boot = new Set<string>();
  const plugin: Plugin = {
    name: 'agency:first-load-chunks',
    apply: 'build',
    buildEnd() {
      const visit = (id: string): void => {
        if (shell.has(id)) return;
        shell.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      const entries = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry && !id.endsWith(BOOT_ENTRY),
      );
      for (const id of entries) visit(id);
      // The entry modules (and the script index.html names) stay in the entry chunk: the browser
      // entry awaits its page's chunk at the top level, and that chunk imports the shell, so an
      // entry inside the shell would wait on itself.
      for (const id of entries) {
        shell.delete(id);
        if (id.endsWith('.html'))
          for (const script of this.getModuleInfo(id)?.importedIds ?? []) shell.delete(script);
      }
      // What the boot script imports runs before the first paint: a small chunk of its own, which
      // the shell imports in turn (one module instance, shared with the app).
      const bootId = [...this.getModuleIds()].find((id) => id.endsWith(BOOT_ENTRY));
      for (const dep of bootId ? (this.getModuleInfo(bootId)?.importedIds ?? []) : []) {
        boot.add(dep);
        shell.delete(dep);
      }
    },
  };
  const framework = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
  return {
    plugin,
    groups: [
      { name: 'boot-input', test: (id) => boot.has(id), priority: 3 },
      { name: 'framework', test: (id) => framework.test(id) },
      { name: 'shell', test: (id) => shell.has(id) && /[\\/]web[\\/]src[\\/]/.test(id) },
    ],
  };
}

const BOOT_ENTRY = 'src/app/boot.ts';

/**
 * Pages start the app after their first paint (see src/app/boot.ts): the entry script and the
 * modulepreloads Vite puts in index.html become the `#app-modules` list, and the boot module is the
 * page's only script tag. The prerender and the render handler add each page's chunks to the list.
 */
export function bootAfterFirstPaint(): Plugin {
  return {
    name: 'agency:boot-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) =>
            chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith(BOOT_ENTRY),
        );
        if (!boot) throw new Error(`The build has no ${BOOT_ENTRY} entry`);
        const modules: string[] = [];
        let out = html.replace(
          /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_, src: string) => {
            modules.unshift(src);
            return '';
          },
        );
        out = out.replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (_, href: string) => {
            modules.push(href);
            return '';
          },
        );
        if (modules.length === 0) throw new Error('index.html has no module script to boot');
        const tags = [
          `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
          `<script type="application/json" id="${APP_MODULES_ID}">${JSON.stringify(modules)}</script>`,
        ].join('\n    ');
        return out.replace('</head>', `  ${tags}\n  </head>`);
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

/** Compile-time constants: the zod-checked environment (one parse, at config load). */
export function appDefines(mode: string, envDir: string): Record<string, string> {
  return { __APP_ENV__: JSON.stringify(parseEnv(loadEnv(mode, envDir, 'VITE_'))) };
}

// Browser build → dist/ (index.html + hashed assets); `vite build --ssr src/entry-server.tsx` → dist-server/.
export default defineConfig(({ mode, isSsrBuild }) => {
  const chunks = firstLoadChunks();
  return {
    root: import.meta.dirname,
    plugins: [
      sharedIsPure(),
      react(),
      chunks.plugin,
      bootAfterFirstPaint(),
      ...(isSsrBuild ? [] : [precompressAssets()]),
    ],
    define: appDefines(mode, import.meta.dirname),
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
      // `npm run dev -w web` next to the local stack (npm start) on port 3000.
      proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
    },
    preview: { port: 4173 },
  };
});
