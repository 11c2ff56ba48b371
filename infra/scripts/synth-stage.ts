import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stackNameOf, type Stage } from '../lib/config';
import {
  differencesFromBuild,
  oversizedEnvironments,
  shippedFunctions,
} from '../lib/shipped-bundles';
import { overLimits, stackSizes, type StackSize } from '../lib/stack-limits';

export interface StageSynth {
  /** The stage's site stack template. */
  template: unknown;
  /** How many functions the template ships. */
  functions: number;
  /**
   * The site's stack and each of its nested stacks (each a stack of its own to CloudFormation), with
   * their resources, parameters and outputs, the site's stack first.
   */
  stacks: StackSize[];
  /** Every way the assembly differs from the build (`<stage>: …`); empty when it ships exactly the build. */
  problems: string[];
}

/**
 * The synth `deploy:check` runs for a stage, and the one `npm run deploy` deploys: the CDK CLI's
 * synth of the app in cdk.json into `outdir` (template validation and cdk-nag fail it), then each
 * shipped function compared with its built bundle. `context` is `-c key=value` pairs, stage excluded.
 */
export function synthStage(options: {
  stage: Stage;
  context: readonly string[];
  outdir: string;
  repoRoot: string;
}): StageSynth {
  const { stage, outdir } = options;
  execFileSync(
    'npx',
    ['cdk', 'synth', '--quiet', '-c', `stage=${stage}`, ...options.context, '-o', outdir],
    { cwd: options.repoRoot, stdio: 'inherit' },
  );
  const template: unknown = JSON.parse(
    readFileSync(path.join(outdir, `${stackNameOf(stage)}.template.json`), 'utf8'),
  );
  const shipped = shippedFunctions(template, outdir);
  const stacks = stackSizes(template, outdir, stackNameOf(stage));
  const problems = [
    ...differencesFromBuild(shipped),
    // CloudFormation refuses a stack (nested or not) of more.
    ...overLimits(stacks),
    ...oversizedEnvironments(template, outdir),
  ].map((p) => `${stage}: ${p}`);
  return { template, functions: shipped.length, stacks, problems };
}
