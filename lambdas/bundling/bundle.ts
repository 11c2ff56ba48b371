/**
 * The one bundling definition of every Lambda function: what `npm run build -w lambdas` writes for
 * `cdk synth` and what the local stack runs (`LOCAL_HANDLERS=bundles`, and the render function built
 * at start). Deploying uses the files it writes; nothing here belongs to the local stack.
 */
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { BUNDLE_FILE, DIST_DIR, bundleDir, type LambdaFunction } from './functions';
import { shipDataPackages, shipNativeModules } from './native-modules';

/**
 * ESM bundles of CommonJS dependencies (busboy, sanitize-html…) call `require` for Node built-ins;
 * ESM has no `require`, so the bundle gets one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __agencyCreateRequire } from 'node:module'; const require = __agencyCreateRequire(import.meta.url);";

/**
 * The shared package is pure (no import-time effects; the web build says the same with its
 * `sharedIsPure` Vite plugin), but its modules build constants with calls esbuild cannot prove
 * pure: saying so lets a function that uses none of a module's exports leave it, and what only it
 * imports, out (the read handlers then skip the HTML parser the head-tag allowlist uses on writes).
 */
export const sharedIsPure: Plugin = {
  name: 'agency:shared-is-pure',
  setup(b) {
    b.onResolve({ filter: /^@agency\/shared(\/|$)/ }, async (args) => {
      if (args.pluginData === 'shared-is-pure') return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'shared-is-pure',
      });
      return resolved.errors.length ? undefined : { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * The HTML packages sanitize-html and shared's HTML helpers use. Each ships a CommonJS and an ES
 * module build, and declares `"sideEffects": false`.
 */
const HTML_PACKAGES = [
  'htmlparser2',
  'entities',
  'domhandler',
  'domutils',
  'dom-serializer',
  'domelementtype',
];
const HTML_PACKAGE = new RegExp(`^(${HTML_PACKAGES.join('|')})(/|$)`);
/** A file inside one of them, at any nesting (dom-serializer keeps its own entities 4). */
const IN_HTML_PACKAGE = new RegExp(`[/\\\\]node_modules[/\\\\](${HTML_PACKAGES.join('|')})[/\\\\]`);

/**
 * What sanitize-html takes from its dependencies (read from sanitize-html 2.17's `index.js`), so its
 * `require` of a whole package brings only that: htmlparser2's `Parser`, from the module that defines
 * it (a `require`d module is kept whole with all it imports, so requiring the package's entry would
 * keep the DOM utilities and serialiser it gathers, with their own entity tables), and nothing of
 * postcss (style attributes are filtered without it).
 */
const SANITIZE_HTML_NEEDS: Readonly<Record<string, (esmEntry: string) => string>> = {
  htmlparser2: (esmEntry) =>
    `export { Parser } from ${JSON.stringify(path.join(path.dirname(esmEntry), 'Parser.js'))};`,
  // Style attributes are filtered without postcss (`parseStyleAttributes: false`, keptStyle in the
  // posts' sanitize.ts): sanitize-html still requires it, so it gets a parse that says so if called.
  postcss: () =>
    "module.exports = { parse() { throw new Error('style attributes are filtered without postcss'); } };",
};

/**
 * One copy of the HTML parser, and only what each function uses of it. Without this, create-post's
 * cold start parsed 880 KB, 400 KB of it HTML packages, most twice over:
 * - sanitize-html `require`s htmlparser2 where shared imports it, and esbuild follows each to its
 *   own build: every `require` of the HTML packages now gets the ES module build, so one copy serves
 *   both;
 * - esbuild takes a file's `sideEffects` from the nearest package.json, and these packages' ES module
 *   folders carry one of their own (`{"type":"module"}`), hiding the package's `"sideEffects": false`:
 *   it is restated here, so the entity tables, DOM utilities and serialiser nobody calls drop out;
 * - sanitize-html gets only the parts it uses (SANITIZE_HTML_NEEDS).
 * Declared in the bundling, so the packages stay as npm ships them.
 */
export const oneHtmlParser: Plugin = {
  name: 'agency:one-html-parser',
  setup(b) {
    const reresolve = (args: { path: string; importer: string; resolveDir: string }) =>
      b.resolve(args.path, {
        kind: 'import-statement',
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'one-html-parser',
      });
    b.onResolve({ filter: /^(htmlparser2|postcss)$/ }, async (args) => {
      if (args.kind !== 'require-call' || !/[/\\]sanitize-html[/\\]/.test(args.importer))
        return undefined;
      const esmEntry = await reresolve(args);
      if (esmEntry.errors.length) return undefined;
      return {
        path: args.path,
        namespace: 'sanitize-html-needs',
        pluginData: { resolveDir: args.resolveDir, esmEntry: esmEntry.path },
      };
    });
    b.onLoad({ filter: /.*/, namespace: 'sanitize-html-needs' }, (args) => {
      const contents = SANITIZE_HTML_NEEDS[args.path];
      if (contents === undefined) return undefined;
      const { resolveDir, esmEntry } = args.pluginData as { resolveDir: string; esmEntry: string };
      return { contents: contents(esmEntry), resolveDir, loader: 'js' };
    });
    b.onResolve({ filter: /^(\.\.?\/|[a-z])/ }, async (args) => {
      if (args.pluginData === 'one-html-parser' || args.namespace !== 'file') return undefined;
      const bare = HTML_PACKAGE.test(args.path);
      if (!bare && !(args.path.startsWith('.') && IN_HTML_PACKAGE.test(args.importer)))
        return undefined;
      const resolved = await reresolve(args);
      if (resolved.errors.length || !IN_HTML_PACKAGE.test(resolved.path)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * How every function is bundled: one minified ESM file with its source map, the AWS SDK v3 inside
 * (the deployed code runs the SDK version it was tested with, and a bundled client loads faster than
 * the runtime's copy), tree-shaken to the commands each function sends. The SDK's ES module builds
 * (`module` field) are what tree-shake.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the project runs on (package.json engines); Lambda runs a newer one.
  target: 'node20.19',
  minify: true,
  treeShaking: true,
  // Code reached only through `import()` (an SDK client a function needs on some calls only, such as
  // S3 and CloudFront for post writes) goes to chunk files beside index.mjs, loaded when first used:
  // a cold start parses only what the function runs at once.
  splitting: true,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  mainFields: ['module', 'main'],
  sourcemap: 'linked',
  // The map only translates positions; the sources stay out of the artifact.
  sourcesContent: false,
  banner: { js: ESM_REQUIRE_BANNER },
  // React and other libraries drop their development code paths only when this is known at build time.
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [sharedIsPure, oneHtmlParser],
} as const satisfies BuildOptions;

/** What one bundling wrote. */
export interface BuiltBundle {
  name: string;
  /** The bundle's folder: `index.mjs`, `index.mjs.map` (and the render function's HTML shell). */
  dir: string;
  file: string;
  /** Size of `index.mjs`: the code a cold start loads. */
  bytes: number;
  /** Size of all the function's code (index.mjs and the chunks it may load later). */
  totalBytes: number;
  /** esbuild's record of what went in, for finding what makes a bundle big. */
  metafile: Metafile;
}

/**
 * Run the definition over one entry into `<dir>/index.mjs`; `external` packages stay imports (the
 * caller ships them beside the bundle).
 */
export async function bundleEntry(
  entry: string,
  dir: string,
  name = entry,
  external: readonly string[] = [],
): Promise<BuiltBundle> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, BUNDLE_FILE);
  const result = await build({
    ...ESBUILD_OPTIONS,
    entryPoints: [entry],
    outdir: dir,
    external: [...external],
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([out]) => out.endsWith('.mjs'));
  return {
    name,
    dir,
    file,
    bytes: (await stat(file)).size,
    totalBytes: outputs.reduce((sum, [, out]) => sum + out.bytes, 0),
    metafile: result.metafile,
  };
}

export interface RenderBuildOptions {
  /** The render handler module (`web/src/server/render-handler.ts`). */
  entry: string;
  /** The web package folder: Vite is resolved from there and its config is used. */
  webRoot: string;
  /** The Vite config to build with (default: the web package's own); false for none. */
  configFile?: string | false;
  /** Scratch folder of Vite's output. */
  viteOutDir: string;
}

/**
 * The render handler as Vite builds the web server entry (`vite build --ssr`): the web package's
 * plugins, compile-time constants, `import.meta.glob` and asset imports resolved to the same hashed
 * `/assets/…` addresses as the browser build. Gives the ES module esbuild then bundles.
 */
export async function viteBuildRenderHandler(options: RenderBuildOptions): Promise<string> {
  const webRequire = createRequire(path.join(options.webRoot, 'package.json'));
  const vite: typeof import('vite') = await import(pathToFileURL(webRequire.resolve('vite')).href);
  // The production JSX runtime and React build, whoever calls (vitest sets NODE_ENV=test, which the
  // React plugin would compile for the development runtime that the bundle's define then removes).
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({
      root: options.webRoot,
      configFile: options.configFile ?? path.join(options.webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: {
        ssr: options.entry,
        outDir: options.viteOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          output: {
            format: 'es',
            entryFileNames: 'render-handler.mjs',
            chunkFileNames: '[name]-[hash].mjs',
          },
        },
      },
    });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  return path.join(options.viteOutDir, 'render-handler.mjs');
}

/** Vite's SSR build of the render handler, then the same esbuild definition as every function. */
export async function bundleRenderHandler(
  options: Omit<RenderBuildOptions, 'viteOutDir'>,
  dir: string,
  name: string,
): Promise<BuiltBundle> {
  const viteOutDir = `${dir}.vite`;
  try {
    const built = await viteBuildRenderHandler({ ...options, viteOutDir });
    return await bundleEntry(built, dir, name);
  } finally {
    await rm(viteOutDir, { recursive: true, force: true });
  }
}

/** Files of the web build the render function reads beside its bundle (see web/src/server/config.ts). */
export const RENDER_WEB_FILES = ['spa.html', '.vite/manifest.json'] as const;

/**
 * Build one function into `<dist>/<name>/`. The render function gets the web build's HTML shell and
 * manifest beside it, so it needs `npm run build -w web` first; a worker gets its native modules in
 * `node_modules/`, built for its architecture (see native-modules.ts).
 */
export async function bundleFunction(fn: LambdaFunction, dist = DIST_DIR): Promise<BuiltBundle> {
  const dir = bundleDir(fn.name, dist);
  if (fn.kind === 'worker') {
    const built = await bundleEntry(fn.entry, dir, fn.name, fn.nativeModules);
    await shipNativeModules(fn.nativeModules, dir, {
      os: 'linux',
      cpu: fn.architecture,
      libc: 'glibc',
    });
    await shipDataPackages(fn.dataPackages, dir);
    return built;
  }
  if (fn.kind !== 'render') return bundleEntry(fn.entry, dir, fn.name);
  const webDist = path.join(fn.webRoot, 'dist');
  for (const file of RENDER_WEB_FILES)
    await stat(path.join(webDist, file)).catch(() => {
      throw new Error(
        `The render function needs the web build's ${file} (${path.join(webDist, file)}): run \`npm run build -w web\` first.`,
      );
    });
  const built = await bundleRenderHandler({ entry: fn.entry, webRoot: fn.webRoot }, dir, fn.name);
  for (const file of RENDER_WEB_FILES) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(webDist, file), path.join(dir, file));
  }
  return built;
}

/** The inputs that weigh most in a bundle's `index.mjs`, heaviest first (package or file, KB). */
export function heaviestInputs(metafile: Metafile, count = 5): { input: string; kb: number }[] {
  const byInput = new Map<string, number>();
  for (const [out, output] of Object.entries(metafile.outputs))
    if (out.endsWith(`/${BUNDLE_FILE}`))
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        // Grouped by package; a nested copy keeps its path (dom-serializer/node_modules/entities).
        const pkg =
          /node_modules\/((?:(?:@[^/]+\/)?[^/]+\/node_modules\/)*(?:@[^/]+\/)?[^/]+)/.exec(
            input,
          )?.[1] ?? input;
        byInput.set(pkg, (byInput.get(pkg) ?? 0) + bytesInOutput);
      }
  return [...byInput]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([input, bytes]) => ({ input, kb: Math.round(bytes / 102.4) / 10 }));
}

/** Write what each bundle weighs and holds, beside the bundles (not inside a function's folder). */
export async function writeBuildReport(bundles: BuiltBundle[], dist = DIST_DIR): Promise<string> {
  const file = path.join(dist, 'bundles.json');
  const report = bundles.map((b) => ({
    name: b.name,
    bytes: b.bytes,
    totalBytes: b.totalBytes,
    heaviest: heaviestInputs(b.metafile),
  }));
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
