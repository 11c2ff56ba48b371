import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { bundleRenderHandler } from '../../../bundling/bundle';
import { bundleFile, RENDER } from '../../../bundling/functions';
import { logger } from '../../platform/logger';

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

async function importRenderHandler(file: string): Promise<RenderHandler> {
  const mod: unknown = await import(pathToFileURL(file).href);
  if (
    typeof mod === 'object' &&
    mod !== null &&
    'handler' in mod &&
    typeof mod.handler === 'function'
  ) {
    const handler = mod.handler;
    return (event) => handler(event);
  }
  throw new Error(`${file} does not export a handler function`);
}

/**
 * Build the render handler from source, as the deployed render function is built (bundling/bundle.ts:
 * Vite with the web package's config, then the one esbuild definition), and import it, lazily and
 * once; null when its file does not exist (yet) or does not build, so the server falls back to the
 * static site. A missing file is looked for again later.
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
      const built = await bundleRenderHandler(
        { entry: options.entry, webRoot: options.webRoot, configFile: options.configFile },
        options.outDir,
        RENDER,
      );
      return await importRenderHandler(built.file);
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

/**
 * The render function's built bundle (`lambdas/dist/render`, `LOCAL_HANDLERS=bundles`), imported on
 * first use and kept. It reads the shell of `WEB_DIST`, as the source build does.
 */
export function builtRenderHandlerLoader(file = bundleFile(RENDER)): () => Promise<RenderHandler> {
  let loaded: Promise<RenderHandler> | undefined;
  return () => (loaded ??= importRenderHandler(file));
}
