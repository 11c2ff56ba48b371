/**
 * `npm run deploy -- --stage dev|prod`: deploys one stage the same way every time, by hand or from
 * the GitHub workflow. It checks the stage's settings first (prod refuses to start without them),
 * builds, runs deploy:check's synth of that stage (cdk-nag, each function exactly its built bundle)
 * and deploys exactly that checked assembly with `cdk deploy --app <assembly>`.
 *
 * Settings are CDK context: `CDK_CONTEXT` (a JSON object, as the workflow passes a repository
 * variable) overlaid by each `-c key=value`. `--github` deploys the stage's GitHub deploy roles
 * instead of the site; `--diff` prints (and `--out` writes) `cdk diff` of every stack of the stage,
 * nested stacks included, against what is deployed, instead of deploying (reading templates only).
 *
 * A site deploy first refuses an account the other stage uses (`-c otherStageAccount=<12 digits>`,
 * required for prod), and afterwards makes sure the stack's CloudFormation rollback triggers are
 * set (rollback-triggers.ts), so the next deploy rolls back by itself when an alarm fires.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENV_NAMES } from '@agency/shared';
import {
  ConfigError,
  parseStage,
  stackNameOf,
  stageConfig,
  type ConfigOverrides,
  type Stage,
  type StageConfig,
} from '../lib/config';
import { edgeMonitoringStackName } from '../lib/stacks/edge-monitoring-stack';
import { githubStackName } from '../lib/stacks/github-deploy-stack';
import {
  cloudFormationApi,
  ensureRollbackTriggers,
  rollbackAlarmNames,
  rollbackConfigurationOf,
} from './rollback-triggers';
import { synthStage } from './synth-stage';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: npm run deploy -- --stage dev|prod [-c key=value]… [--github] [--yes] [--no-build]
                      [--diff [--out diff.txt]]

  --stage      the stage to deploy (required)
  -c           CDK context, over CDK_CONTEXT (a JSON object): mailFrom, mailTo, alarmEmails, …
  --github     deploy the stage's GitHub deploy roles (needs -c githubRepo=owner/name)
  --yes        deploy without asking about security-relevant changes (the workflow's environment approved them)
  --no-build   use the build already in lambdas/dist and web/dist
  --diff       compare every stack of the checked assembly (nested ones too) with what is deployed
  --out        write the diff to this file too`;

/** The settings ConfigOverrides reads, as CDK context keys (what bin/app.ts passes on). */
const SETTINGS = [
  'mailFrom',
  'mailTo',
  'domainNames',
  'certificateArn',
  'tlsPolicy',
  'mailFromDomain',
  'leadWebhookUrlParam',
  'leadWebhookSecretParam',
  'requireMfa',
  'alarmEmails',
  'monthlyBudgetUsd',
  'githubRepo',
  'githubOidcProviderArn',
  'alarmsToWebhook',
  'waf',
  'wafFormCallsPer5Min',
  'backupCopyRegion',
] as const satisfies readonly (keyof ConfigOverrides)[];
/** Fails to compile when ConfigOverrides gains a setting SETTINGS does not pass on. */
type UnlistedSetting = Exclude<keyof ConfigOverrides, (typeof SETTINGS)[number]>;
export const EVERY_SETTING_LISTED: [UnlistedSetting] extends [never] ? true : UnlistedSetting =
  true;

export interface DeployOptions {
  stage: Stage;
  /** CDK context: CDK_CONTEXT overlaid by each `-c key=value`. */
  context: Record<string, string>;
  /** The site stack, or the stage's GitHub deploy roles. */
  target: 'site' | 'github';
  build: boolean;
  /** `cdk deploy --require-approval never`: in the workflow, the environment's reviewers approved. */
  yes: boolean;
  diff?: { out?: string };
}

/** Context naming the other stage's account: a deploy refuses to go where it is. */
export const OTHER_STAGE_ACCOUNT = 'otherStageAccount';

/**
 * Refuse a deploy into the account the other stage uses (dev and prod share nothing), and a prod
 * deploy that does not say which account that is.
 */
export function checkAccounts(
  stage: Stage,
  account: string,
  otherStageAccount: string | undefined,
): void {
  if (!/^\d{12}$/.test(account)) throw new ConfigError(`Not an AWS account: ${account}`);
  if (otherStageAccount === undefined || otherStageAccount === '') {
    if (stage === 'prod')
      throw new ConfigError(
        `A prod deploy needs the dev account: -c ${OTHER_STAGE_ACCOUNT}=<12 digits> (prod must not share dev's account)`,
      );
    return;
  }
  if (!/^\d{12}$/.test(otherStageAccount))
    throw new ConfigError(`${OTHER_STAGE_ACCOUNT} must be 12 digits, not ${otherStageAccount}`);
  if (otherStageAccount === account)
    throw new ConfigError(
      `Refusing to deploy ${stage} into ${account}: the other stage uses that account, and dev and prod must not share one`,
    );
}

/** CDK_CONTEXT: a JSON object of strings, numbers and booleans. */
function contextFromEnv(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError('CDK_CONTEXT must be a JSON object, e.g. {"mailFrom":"no-reply@x"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('CDK_CONTEXT must be a JSON object, e.g. {"mailFrom":"no-reply@x"}');
  const context: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new UsageError(`CDK_CONTEXT.${key} must be a string, a number or a boolean`);
    context[key] = String(value);
  }
  return context;
}

/** Parse the command line (after `npm run deploy --`) and CDK_CONTEXT; a UsageError says what is wrong. */
export function parseDeployArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): DeployOptions {
  const context = contextFromEnv(env.CDK_CONTEXT);
  let stage: string | undefined;
  let target: DeployOptions['target'] = 'site';
  let build = true;
  let yes = false;
  let diff = false;
  let out: string | undefined;
  const args = [...argv];
  const valueOf = (flag: string, inline: string | undefined): string => {
    const value = inline ?? args.shift();
    if (value === undefined || (inline === undefined && value.startsWith('-')))
      throw new UsageError(`${flag} needs a value`);
    return value;
  };
  for (let arg = args.shift(); arg !== undefined; arg = args.shift()) {
    const [flag = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg];
    switch (flag) {
      case '--stage':
        stage = valueOf(flag, inline);
        break;
      case '-c':
      case '--context': {
        const pair = valueOf(flag, inline);
        const at = pair.indexOf('=');
        if (at <= 0) throw new UsageError(`${flag} takes key=value, not ${JSON.stringify(pair)}`);
        context[pair.slice(0, at)] = pair.slice(at + 1);
        break;
      }
      case '--github':
        target = 'github';
        break;
      case '--no-build':
        build = false;
        break;
      case '--yes':
        yes = true;
        break;
      case '--diff':
        diff = true;
        break;
      case '--out':
        out = valueOf(flag, inline);
        break;
      default:
        throw new UsageError(`Unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    }
  }
  if (stage === undefined) throw new UsageError(`--stage is required\n${USAGE}`);
  if ('stage' in context)
    throw new UsageError('Give the stage with --stage, not as context (-c stage=…)');
  if (out !== undefined && !diff) throw new UsageError('--out goes with --diff');
  let parsedStage: Stage;
  try {
    parsedStage = parseStage(stage);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return {
    stage: parsedStage,
    context,
    target,
    build,
    yes,
    ...(diff ? { diff: out ? { out } : {} } : {}),
  };
}

/**
 * The stage's configuration as the app will see it (context first, MAIL_FROM/MAIL_TO as bin/app.ts
 * reads them), checked before anything is built: a missing prod setting stops here, naming it. A
 * prod build also needs SITE_URL, or its pages would link to localhost.
 */
export function checkSettings(
  options: DeployOptions,
  env: Record<string, string | undefined>,
): StageConfig {
  const overrides: ConfigOverrides = Object.fromEntries(
    SETTINGS.flatMap((key) =>
      options.context[key] === undefined ? [] : [[key, options.context[key]]],
    ),
  );
  overrides.mailFrom ??= env[ENV_NAMES.mailFrom];
  overrides.mailTo ??= env[ENV_NAMES.mailTo];
  const config = stageConfig(options.stage, overrides);
  if (options.target === 'github' && !config.github)
    throw new ConfigError(`--github needs the repository: -c githubRepo=owner/name`);
  if (options.stage === 'prod' && options.build && !options.diff) {
    const site = env.SITE_URL ?? '';
    if (!/^https:\/\/[^/]+/.test(site))
      throw new ConfigError(
        'Missing prod configuration: SITE_URL=https://… (the public address canonical links, sitemap and RSS are built with)',
      );
  }
  return config;
}

export type DeployStep =
  | { kind: 'run'; title: string; command: string; args: string[] }
  | { kind: 'synth'; title: string; context: string[]; outdir: string }
  | { kind: 'accounts'; title: string; otherStageAccount?: string }
  | { kind: 'rollback-triggers'; title: string; stackName: string; alarmNames: string[] };

/** What the deploy runs, in order; `outdir` is where the checked assembly goes. */
export function deployPlan(
  options: DeployOptions,
  config: StageConfig,
  outdir: string,
): DeployStep[] {
  const context = Object.entries(options.context).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const stack = options.target === 'github' ? githubStackName(config) : stackNameOf(options.stage);
  const steps: DeployStep[] = [];
  const site = options.target === 'site' && !options.diff;
  const other = options.context[OTHER_STAGE_ACCOUNT];
  if (site)
    steps.push({
      kind: 'accounts',
      title: 'check the account',
      ...(other === undefined ? {} : { otherStageAccount: other }),
    });
  if (options.build)
    steps.push({ kind: 'run', title: 'build', command: 'npm', args: ['run', 'build'] });
  steps.push({ kind: 'synth', title: `synth ${options.stage} (deploy:check)`, context, outdir });
  // The site's stack brings the WAF stack (a dependency); the us-east-1 alarms come after it.
  const after = options.target === 'site' && config.waf ? [edgeMonitoringStackName(config)] : [];
  const app = ['--app', outdir, stack, ...after];
  steps.push(
    options.diff
      ? {
          kind: 'run',
          title: `diff every stack of ${options.stage}`,
          command: 'npx',
          // --no-change-set: read the deployed templates (nested ones too), create nothing.
          args: ['cdk', 'diff', '--app', outdir, '--all', '--no-change-set'],
        }
      : {
          kind: 'run',
          title: `deploy ${stack}`,
          command: 'npx',
          args: ['cdk', 'deploy', ...app, ...(options.yes ? ['--require-approval', 'never'] : [])],
        },
  );
  if (site)
    steps.push({
      kind: 'rollback-triggers',
      title: `rollback triggers of ${stack}`,
      stackName: stack,
      alarmNames: rollbackAlarmNames(options.stage, stack),
    });
  return steps;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The account and region the AWS credentials in use deploy to (the AWS CLI's view of them). */
function callerAccount(): { account: string; region: string } {
  const result = spawnSync(
    'aws',
    ['sts', 'get-caller-identity', '--query', 'Account', '--output', 'text'],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new ConfigError(`Cannot tell which account the credentials are for: ${result.stderr}`);
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? '';
  if (!region) throw new ConfigError('Set AWS_REGION to the stage’s region');
  return { account: result.stdout.trim(), region };
}

async function run(options: DeployOptions, steps: readonly DeployStep[]): Promise<number> {
  for (const step of steps) {
    console.log(`\n▶ ${step.title}`);
    if (step.kind === 'accounts') {
      const { account } = callerAccount();
      checkAccounts(options.stage, account, step.otherStageAccount);
      console.log(`  ${options.stage} deploys to ${account}`);
      continue;
    }
    if (step.kind === 'rollback-triggers') {
      const { account, region } = callerAccount();
      const wanted = rollbackConfigurationOf(step.alarmNames, { account, region });
      const done = await ensureRollbackTriggers(cloudFormationApi(), step.stackName, wanted);
      if (done === 'refused')
        console.warn(
          `  WARNING: CloudFormation would not take the rollback triggers without another change to ${step.stackName}; they are not set, and the smoke checks after each deploy are the only automatic rollback. Set them in the console (Stack actions, Update stack, Use current template, Rollback configuration): ${step.alarmNames.join(', ')}.`,
        );
      else
        console.log(
          `  ${done}: ${step.alarmNames.join(', ')}, watched ${wanted.MonitoringTimeInMinutes} minutes after each update`,
        );
      continue;
    }
    if (step.kind === 'synth') {
      const checked = synthStage({
        stage: options.stage,
        context: step.context,
        outdir: step.outdir,
        repoRoot,
      });
      if (checked.problems.length > 0) {
        console.error(
          `The assembly is not the build:\n${checked.problems.map((p) => `  - ${p}`).join('\n')}`,
        );
        return 1;
      }
      console.log(`  ${checked.functions} functions, each exactly its built bundle`);
      continue;
    }
    const diffing = options.diff && step.args[1] === 'diff';
    const result = spawnSync(step.command, step.args, {
      cwd: repoRoot,
      stdio: diffing ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      encoding: 'utf8',
    });
    if (diffing) {
      // cdk diff writes to stderr; the pull-request comment wants it all, in order enough.
      const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
      process.stdout.write(text);
      if (options.diff?.out) writeFileSync(options.diff.out, text);
    }
    if (result.status !== 0) {
      console.error(`${step.title} failed (exit ${result.status ?? result.signal})`);
      return result.status ?? 1;
    }
  }
  return 0;
}

async function main(): Promise<number> {
  const env = process.env;
  try {
    if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
      console.log(USAGE);
      return 0;
    }
    const options = parseDeployArgs(process.argv.slice(2), env);
    const config = checkSettings(options, env);
    const outdir = path.join(repoRoot, 'cdk.out', `deploy-${options.stage}`);
    return await run(options, deployPlan(options, config, outdir));
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
