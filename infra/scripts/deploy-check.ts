/**
 * `npm run deploy:check`: what `cdk deploy` would deliver, checked without an AWS account. Needs
 * `npm run build` first. For each stage it runs the CDK CLI's synth of the app in cdk.json (template
 * validation and cdk-nag fail it), then checks the artifacts: every function of
 * `@agency/lambdas/functions` is shipped once, from exactly the files `npm run build -w lambdas`
 * wrote; each bundle within its size budget; each cold import (median of 5, in an empty folder)
 * within the target. Prints every finding and exits non-zero on any.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COLD_IMPORT_EXCEPTIONS,
  COLD_IMPORT_TARGET_MS,
  coldImportCeiling,
  LAMBDA_UNZIPPED_LIMIT_KB,
  measureBundles,
  overBudget,
  PACKAGES_BUDGET_KB,
  SIZE_BUDGET_KB,
} from '@agency/lambdas/artifacts';
import { ENV_NAMES } from '@agency/shared';
import { builtBundleDir, FUNCTIONS } from '@agency/lambdas/functions';
import { stackNameOf, STAGES } from '../lib/config';
import { differencesFromBuild, shippedFunctions } from '../lib/shipped-bundles';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const problems: string[] = [];

// Every bundle first: synth would stop at the first missing one.
for (const fn of FUNCTIONS) builtBundleDir(fn.name);

// A stage has no default mail addresses; the check synthesises with the operator's when set, else
// with reserved example addresses (the template's shape does not depend on them).
const mail = [
  '-c',
  `mailFrom=${process.env[ENV_NAMES.mailFrom] ?? 'no-reply@example.com'}`,
  '-c',
  `mailTo=${process.env[ENV_NAMES.mailTo] ?? 'sales@example.com'}`,
];

for (const stage of STAGES) {
  const outdir = mkdtempSync(path.join(tmpdir(), `agency-deploy-check-${stage}-`));
  try {
    const started = Date.now();
    console.log(`cdk synth -c stage=${stage} (validation and cdk-nag)…`);
    execFileSync(
      'npx',
      ['cdk', 'synth', '--quiet', '-c', `stage=${stage}`, ...mail, '-o', outdir],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    const stackName = stackNameOf(stage);
    const template: unknown = JSON.parse(
      readFileSync(path.join(outdir, `${stackName}.template.json`), 'utf8'),
    );
    const shipped = shippedFunctions(template, outdir);
    const found = differencesFromBuild(shipped);
    problems.push(...found.map((p) => `${stage}: ${p}`));
    console.log(
      `  ${stage}: ${shipped.length} functions, ${found.length ? `${found.length} differences from the build` : 'each one exactly its built bundle'} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

console.log(
  `Bundles: size (budget ${SIZE_BUDGET_KB.start} KB at start, ${SIZE_BUDGET_KB.total} KB in all, ${PACKAGES_BUDGET_KB} KB of shipped node_modules against Lambda's ${LAMBDA_UNZIPPED_LIMIT_KB} KB unzipped) and cold import (target ${COLD_IMPORT_TARGET_MS} ms for the best of 5 runs)…`,
);
const figures = await measureBundles(5);
console.table(
  Object.fromEntries(
    figures.map((f) => [
      f.name,
      {
        'start KB': f.startKb,
        'code KB': f.totalKb,
        'node_modules KB': f.packagesKb,
        'cold import ms (median)': f.coldImportMs,
        'best ms': f.coldImportBestMs,
        'ceiling ms': coldImportCeiling(f.name),
      },
    ]),
  ),
);
problems.push(...overBudget(figures));
for (const [name, { ms, why }] of Object.entries(COLD_IMPORT_EXCEPTIONS))
  console.log(`  ${name} is held to ${ms} ms instead of ${COLD_IMPORT_TARGET_MS} ms: ${why}.`);

if (problems.length) {
  console.error(`deploy:check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('deploy:check passed: both stages synthesise and ship exactly the built bundles.');
