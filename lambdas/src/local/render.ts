import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from '../lib/logger';

/** The web app's origin renderer for blog pages, sitemap and RSS (`web/src/server/render-handler.ts`). */
export type RenderHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResultV2>;

/**
 * Import the render handler lazily and once; null when its file does not exist (yet) or does not
 * load, so the server falls back to the static site. A missing file is looked for again later.
 */
export function renderHandlerLoader(file: string): () => Promise<RenderHandler | null> {
  let loaded: Promise<RenderHandler | null> | undefined;
  let warned = false;
  const load = async (): Promise<RenderHandler | null> => {
    try {
      await access(file);
    } catch {
      loaded = undefined;
      return null;
    }
    try {
      const mod: unknown = await import(pathToFileURL(file).href);
      if (typeof mod === 'object' && mod !== null && 'handler' in mod && typeof mod.handler === 'function') {
        const handler = mod.handler;
        return (event) => handler(event);
      }
      throw new Error('it does not export a handler function');
    } catch (error) {
      if (!warned) logger.warn('render handler unavailable, serving the static site for blog routes', { file, error });
      warned = true;
      return null;
    }
  };
  return () => (loaded ??= load());
}
