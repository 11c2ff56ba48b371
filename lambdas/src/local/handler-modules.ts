import { access } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { handlerModule, type OperationName } from '@agency/shared';
import type { Handler } from '../lib/http';

/** `lambdas/src`, where handler modules live. */
export const LAMBDAS_SRC = fileURLToPath(new URL('..', import.meta.url));

/** An operation whose handler file does not exist (yet). */
export class MissingHandlerError extends Error {
  constructor(
    readonly operation: OperationName,
    readonly file: string,
  ) {
    super(`No handler module for ${operation} at ${file}`);
    this.name = 'MissingHandlerError';
  }
}

const loaded = new Map<OperationName, Promise<Handler>>();

async function importHandler(name: OperationName): Promise<Handler> {
  const file = path.join(LAMBDAS_SRC, `${handlerModule(name)}.ts`);
  try {
    await access(file);
  } catch {
    throw new MissingHandlerError(name, file);
  }
  const mod: unknown = await import(pathToFileURL(file).href);
  if (
    typeof mod !== 'object' ||
    mod === null ||
    !('handler' in mod) ||
    typeof mod.handler !== 'function'
  ) {
    throw new Error(`${file} does not export a handler function`);
  }
  const handler = mod.handler;
  return (event, context) => handler(event, context);
}

/**
 * The handler of an operation, imported on first use and kept (like a warm Lambda). Import only
 * after the stand-in settings are in `process.env`. A failed import is not kept, so a handler file
 * added while the server runs is picked up on the next request.
 */
export function loadHandler(name: OperationName): Promise<Handler> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = importHandler(name);
    loaded.set(name, pending);
    pending.catch(() => loaded.delete(name));
  }
  return pending;
}
