import { access } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod';
import type { OperationName } from '@agency/shared';
import {
  builtBundleDir,
  bundleFile,
  FUNCTIONS,
  operationFunction,
  type LambdaFunction,
} from '../../../bundling/functions';
import type { Handler } from '../../platform/http';

/** `lambdas/src`, where handler modules live. */
export const LAMBDAS_SRC = fileURLToPath(new URL('../..', import.meta.url));

const handlersSchema = z.enum(['source', 'bundles']).default('source');
/** What the local stack runs: the TypeScript source (quick edits) or the built bundles that deploy. */
export type HandlerMode = z.infer<typeof handlersSchema>;

/**
 * `LOCAL_HANDLERS`: `source` (default) runs each function from its TypeScript module; `bundles` runs
 * the files `npm run build -w lambdas` wrote, the ones `cdk synth` uploads.
 */
export function handlerMode(source: Record<string, string | undefined> = process.env): HandlerMode {
  const parsed = handlersSchema.safeParse(source.LOCAL_HANDLERS || undefined);
  if (!parsed.success)
    throw new Error(
      `LOCAL_HANDLERS must be "source" or "bundles", not ${JSON.stringify(source.LOCAL_HANDLERS)}`,
    );
  return parsed.data;
}

/** The module a function runs from in a mode: its source entry or its bundle's index.mjs. */
export function functionModule(fn: LambdaFunction, mode: HandlerMode = handlerMode()): string {
  return mode === 'bundles' ? bundleFile(fn.name) : fn.entry;
}

/** Fail now, naming the first function whose bundle was not built, rather than on its first request. */
export function requireBundles(): void {
  for (const fn of FUNCTIONS) builtBundleDir(fn.name);
}

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

async function importHandler(name: OperationName): Promise<Handler> {
  const mode = handlerMode();
  const file = functionModule(operationFunction(name), mode);
  try {
    await access(file);
  } catch {
    // A source file not written yet answers 501; a bundle not built is a setup error, named.
    if (mode === 'bundles') builtBundleDir(operationFunction(name).name);
    throw new MissingHandlerError(name, file);
  }
  const handler = await loadHandlerExport(file);
  return (event, context) => handler(event, context) as ReturnType<Handler>;
}

/** The `handler` export of a function's module (source or bundle), refusing a module without one. */
export async function loadHandlerExport(
  file: string,
): Promise<(event: unknown, context: unknown) => unknown> {
  const mod: unknown = await import(pathToFileURL(file).href);
  if (
    typeof mod !== 'object' ||
    mod === null ||
    !('handler' in mod) ||
    typeof mod.handler !== 'function'
  ) {
    throw new Error(`${file} does not export a handler function`);
  }
  return mod.handler as (event: unknown, context: unknown) => unknown;
}

/**
 * `load` run once per key and its promise kept, like a warm Lambda container. A failed load is not
 * kept, so the next call retries (a handler file added while the server runs is picked up).
 */
export function keptOnFirstUse<K, T>(load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const kept = new Map<K, Promise<T>>();
  return (key) => {
    let pending = kept.get(key);
    if (!pending) {
      pending = load(key);
      kept.set(key, pending);
      pending.catch(() => kept.delete(key));
    }
    return pending;
  };
}

/**
 * The handler of an operation, imported on first use and kept, from its source or its bundle as
 * `LOCAL_HANDLERS` says. Import only after the stand-in settings are in `process.env`.
 */
export const loadHandler: (name: OperationName) => Promise<Handler> = keptOnFirstUse(importHandler);
