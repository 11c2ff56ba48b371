/**
 * `npm run deploy:check`: what `cdk deploy` would deliver, checked without an AWS account. Needs
 * `npm run build` first. For each stage it runs the CDK CLI's synth of the app in cdk.json (template
 * validation and cdk-nag fail it), then checks the artifacts: each stack (the site's and each nested
 * one) within CloudFormation's resources, parameters and outputs a template, every function of
 * `@agency/lambdas/functions` is shipped once, from exactly the files `npm run build -w lambdas`
 * wrote; each bundle within its size budgets (what a cold start parses, by what waits on the
 * function). Cold imports (median of 5, in an empty folder) are measured and reported against the
 * target, not gated: a timing depends on the host's load, and `bench:api` judges it. Prints every
 * finding and exits non-zero on any.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COLD_IMPORT_TARGET_MS,
  coldImportCeiling,
  LAMBDA_UNZIPPED_LIMIT_KB,
  measureBundles,
  overBudget,
  PACKAGES_BUDGET_KB,
  SIZE_BUDGET_KB,
  slowColdImports,
  START_BUDGET_EXCEPTIONS,
  START_BUDGET_KB,
  startBudgetKb,
} from '@agency/lambdas/artifacts';
import { ENV_NAMES } from '@agency/shared';
import { builtBundleDir, FUNCTIONS } from '@agency/lambdas/functions';
import { stackNameOf, STAGES } from '../lib/config';
import { alarmsOf } from '../lib/constructs/monitoring';
import { pipelineRolesOf } from '../lib/stacks/github-deploy-stack';
import {
  CLOUDFORMATION_MAX_OUTPUTS,
  CLOUDFORMATION_MAX_PARAMETERS,
  CLOUDFORMATION_MAX_RESOURCES,
} from '../lib/stack-limits';
import { synthStage } from './synth-stage';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const problems: string[] = [];

// Every stack of a deploy, the us-east-1 ones (prod's WAF and edge alarms, whose cross-region
// references need an account) included: without credentials the check names a reserved example
// account and a region, as cdk would from the deployer's credentials.
process.env.CDK_DEFAULT_ACCOUNT ??= '123456789012';
process.env.CDK_DEFAULT_REGION ??= 'ap-south-1';

// Every bundle first: synth would stop at the first missing one.
for (const fn of FUNCTIONS) builtBundleDir(fn.name);

// A stage has no default mail addresses; the check synthesises with the operator's when set, else
// with reserved example addresses (the template's shape does not depend on them).
const mailFrom = process.env[ENV_NAMES.mailFrom] ?? 'no-reply@example.com';
const mail = [
  '-c',
  `mailFrom=${mailFrom}`,
  '-c',
  `mailTo=${process.env[ENV_NAMES.mailTo] ?? 'sales@example.com'}`,
  // The pipeline's roles (a stack of their own per stage) with the repository the workflow runs in.
  '-c',
  `githubRepo=${process.env.GITHUB_REPOSITORY ?? 'agency/site'}`,
  // prod requires the alarm recipients; the check gives both stages a reserved example address.
  '-c',
  `alarmEmails=${process.env.ALARM_EMAILS ?? 'ops@example.com'}`,
];

// Prod refuses to synthesise without its site and sender domains: reserved example ones, as for mail.
const prodDomains = [
  '-c',
  'domainNames=www.example.com',
  '-c',
  'certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  '-c',
  `mailFromDomain=mail.${mailFrom.split('@').pop() ?? ''}`,
];

for (const stage of STAGES) {
  const outdir = mkdtempSync(path.join(tmpdir(), `agency-deploy-check-${stage}-`));
  try {
    const started = Date.now();
    console.log(`cdk synth -c stage=${stage} (validation and cdk-nag)…`);
    // The same synth and bundle comparison `npm run deploy` runs before it deploys.
    const checked = synthStage({
      stage,
      context: stage === 'prod' ? [...mail, ...prodDomains] : mail,
      outdir,
      repoRoot,
    });
    const stackName = stackNameOf(stage);
    // The alarms live in the stage's operations nested stack.
    const alarms = readdirSync(outdir)
      .filter((f) => f.endsWith('.nested.template.json'))
      .flatMap((f) => alarmsOf(JSON.parse(readFileSync(path.join(outdir, f), 'utf8'))));
    if (alarms.length === 0) problems.push(`${stage}: no alarm in the synthesised templates`);
    console.log(`  ${stage}: ${alarms.length} alarms to the stage's alarm topic:`);
    for (const alarm of alarms) console.log(`    - ${alarm}`);
    const roles = pipelineRolesOf(
      JSON.parse(readFileSync(path.join(outdir, `${stackName}-github.template.json`), 'utf8')),
    );
    if (roles.length === 0)
      problems.push(`${stage}: no pipeline role in the synthesised templates`);
    console.log(`  ${stage}: pipeline roles (${stackName}-github):`);
    for (const role of roles) console.log(`    - ${role}`);
    problems.push(...checked.problems);
    // The stage's stacks in us-east-1: the WAF and the edge's alarms (prod by default).
    const usEast1 = readdirSync(outdir)
      .filter((f) => /-(waf|edge-monitoring)\.template\.json$/.test(f))
      .map((f) => f.replace('.template.json', ''));
    if (stage === 'prod' && usEast1.length < 2)
      problems.push(
        `prod: the WAF and edge monitoring stacks were not synthesised (${usEast1.join(', ') || 'none'})`,
      );
    console.log(`  ${stage}: us-east-1 stacks: ${usEast1.join(', ') || 'none'}`);
    // Each nested stack is a stack of its own to CloudFormation: its own 500 resources.
    console.log(
      `  ${stage}: resources per stack (CloudFormation takes ${CLOUDFORMATION_MAX_RESOURCES} a stack, ${CLOUDFORMATION_MAX_PARAMETERS} parameters and ${CLOUDFORMATION_MAX_OUTPUTS} outputs a template):`,
    );
    for (const s of checked.stacks)
      console.log(
        `    - ${s.name}: ${s.resources} of ${CLOUDFORMATION_MAX_RESOURCES} resources, ${s.parameters} parameters, ${s.outputs} outputs`,
      );
    const total = checked.stacks.reduce((sum, s) => sum + s.resources, 0);
    console.log(
      `  ${stage}: ${total} resources in ${checked.stacks.length} stacks, ${checked.functions} functions, ${checked.problems.length ? `${checked.problems.length} problems` : 'each one exactly its built bundle'} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

console.log(
  `Bundles: what a cold start parses (index.mjs and the chunks it imports statically: ${START_BUDGET_KB.request} KB for a function someone waits on, ${START_BUDGET_KB.background} KB for a job or worker), all code (${SIZE_BUDGET_KB.total} KB), shipped node_modules (${PACKAGES_BUDGET_KB} KB against Lambda's ${LAMBDA_UNZIPPED_LIMIT_KB} KB unzipped); cold import measured against ${COLD_IMPORT_TARGET_MS} ms (median of 5)…`,
);
const figures = await measureBundles(5);
console.table(
  Object.fromEntries(
    figures.map((f) => [
      f.name,
      {
        'index.mjs KB': f.indexKb,
        'parsed at start KB': f.startKb,
        'start budget KB': startBudgetKb(f.name),
        'code KB': f.totalKb,
        'node_modules KB': f.packagesKb,
        'cold import ms (median)': f.coldImportMs,
        'best ms': f.coldImportBestMs,
        'target ms': coldImportCeiling(f.name),
      },
    ]),
  ),
);
problems.push(...overBudget(figures));
for (const [name, { kb, why }] of Object.entries(START_BUDGET_EXCEPTIONS))
  console.log(
    `  ${name} may parse ${kb} KB at start instead of ${START_BUDGET_KB.request} KB: ${why}.`,
  );
const slow = slowColdImports(figures);
if (slow.length)
  console.log(
    `Cold imports over their target in this run (reported, not gated: a timing varies with the host's load; \`npm run bench:api\` judges them):\n${slow.map((p) => `  - ${p}`).join('\n')}`,
  );

if (problems.length) {
  console.error(`deploy:check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('deploy:check passed: both stages synthesise and ship exactly the built bundles.');
