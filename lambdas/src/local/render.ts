import { access, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from '../lib/logger';

/** The web app's origin renderer for blog pages, sitemap and RSS (`web/src/server/render-handler.ts`). */
export type RenderHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResultV2>;

export interface RenderBundleOptions {
  /** `web/src/server/render-handler.ts`. */
  entry: string;
  /** Where the bundle is written. */
  outDir: string;
  /** The web package folder: Vite is resolved from there and its config is used. */
  webRoot: string;
  /** The Vite config to build with (default: the web package's own); false for none. */
  configFile?: string | false;
}

/**
 * Build the render handler with the web package's own Vite config, as `vite build --ssr` does for
 * the web server entry: the same plugins and compile-time settings, and asset imports resolved to
 * the same hashed `/assets/…` addresses as the browser build the local server serves.
 */
export async function bundleRenderHandler(options: RenderBundleOptions): Promise<string> {
  const webRequire = createRequire(path.join(options.webRoot, 'package.json'));
  const vite: typeof import('vite') = await import(pathToFileURL(webRequire.resolve('vite')).href);
  await vite.build({
    root: options.webRoot,
    configFile: options.configFile ?? path.join(options.webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: {
      ssr: options.entry,
      outDir: options.outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'render-handler.mjs' } },
    },
  });
  // Chunks are ES modules with a .js name: say so, or loaders that go by package type (tsx) take them for CommonJS.
  await writeFile(path.join(options.outDir, 'package.json'), '{ "type": "module" }\n');
  return path.join(options.outDir, 'render-handler.mjs');
}

/**
 * Build and import the render handler lazily and once; null when its file does not exist (yet) or
 * does not build, so the server falls back to the static site. A missing file is looked for again later.
 */
export function renderHandlerLoader(
  options: RenderBundleOptions,
): () => Promise<RenderHandler | null> {
  let loaded: Promise<RenderHandler | null> | undefined;
  let warned = false;
  const load = async (): Promise<RenderHandler | null> => {
    try {
      await access(options.entry);
    } catch {
      loaded = undefined;
      return null;
    }
    try {
      const bundle = await bundleRenderHandler(options);
      const mod: unknown = await import(pathToFileURL(bundle).href);
      if (
        typeof mod === 'object' &&
        mod !== null &&
        'handler' in mod &&
        typeof mod.handler === 'function'
      ) {
        const handler = mod.handler;
        return (event) => handler(event);
      }
      throw new Error('it does not export a handler function');
    } catch (error) {
      if (!warned)
        logger.warn('render handler unavailable, serving the static site for blog routes', {
          file: options.entry,
          error,
        });
      warned = true;
      return null;
    }
  };
  return () => (loaded ??= load());
}
