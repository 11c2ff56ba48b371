import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Runtime } from 'aws-cdk-lib/aws-lambda';

/** The file that names the project's one Node version: CI's setup-node reads it, and so do the functions. */
export const NODE_VERSION_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.nvmrc',
);

/** The Node major version `.nvmrc` names (`24`, `v24` or `24.11.0`). */
export function nodeMajorOf(text: string): number {
  const match = /^\s*v?(\d+)(?:\.\d+){0,2}\s*$/.exec(text);
  if (!match)
    throw new Error(
      `.nvmrc must name a Node version such as 24, not ${JSON.stringify(text.trim())}`,
    );
  return Number(match[1]);
}

/** The Lambda runtime of a Node major version; an error when this aws-cdk-lib has none, so CI and the functions cannot drift. */
export function lambdaRuntimeOf(major: number): Runtime {
  const runtime = (Runtime as unknown as Record<string, unknown>)[`NODEJS_${major}_X`];
  if (!(runtime instanceof Runtime))
    throw new Error(
      `Lambda has no Node ${major} runtime in this aws-cdk-lib: change .nvmrc or upgrade aws-cdk-lib`,
    );
  return runtime;
}

/** The Node major version of CI and of every function, read from `.nvmrc`. */
export const NODE_MAJOR = nodeMajorOf(readFileSync(NODE_VERSION_FILE, 'utf8'));
