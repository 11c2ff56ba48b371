/**
 * What a cold Lambda pays to load a bundle: the bundle folder copied alone into an empty temporary
 * folder (no node_modules anywhere above, as on Lambda), imported by a fresh Node process with the
 * options the function is deployed with, timed from just before the import until it resolves.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_FILE } from './functions';

const run = promisify(execFile);

/** NODE_OPTIONS every function is deployed with (infra's AgencyFunction sets the same). */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

/** The cold-import target on the development machine (issue 12). */
export const COLD_IMPORT_TARGET_MS = 100;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

export interface ColdImport {
  /** Median of the runs, ms. */
  ms: number;
  runs: number[];
}

/**
 * Import `<bundleDir>/index.mjs` cold `runs` times, each in a new process, and give the median.
 * Fails with the process's own message when the bundle cannot load alone (a missing dependency).
 */
export async function coldImport(bundleDir: string, runs = 5): Promise<ColdImport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-cold-'));
  try {
    const copy = path.join(dir, 'function');
    await cp(bundleDir, copy, { recursive: true });
    const file = path.join(copy, BUNDLE_FILE);
    const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        cwd: copy,
        // What the Lambda environment gives a function before its own variables: no project settings.
        env: {
          PATH: process.env.PATH ?? '',
          NODE_OPTIONS: FUNCTION_NODE_OPTIONS,
          AWS_REGION: 'eu-west-1',
          TZ: 'UTC',
        },
      });
      samples.push(Number(stdout));
    }
    return { ms: Math.round(median(samples)), runs: samples.map((s) => Math.round(s)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
