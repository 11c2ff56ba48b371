import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/config';
import {
  checkAccounts,
  checkSettings,
  deployPlan,
  parseDeployArgs,
  UsageError,
  type DeployOptions,
} from '../scripts/deploy';

/** Prod's domains: the site's (with its certificate) and the sender's MAIL FROM. */
const PROD_DOMAINS = {
  domainNames: 'www.agency.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
  mailFromDomain: 'mail.agency.example',
};
const PROD_CONTEXT = JSON.stringify({
  mailFrom: 'no-reply@agency.example',
  mailTo: 'sales@agency.example',
  alarmEmails: 'ops@agency.example',
  ...PROD_DOMAINS,
});
const SITE = { SITE_URL: 'https://www.agency.example' };

const plan = (argv: string[], env: Record<string, string> = {}) => {
  const options = parseDeployArgs(argv, env);
  return deployPlan(options, checkSettings(options, env), '/out');
};

describe('npm run deploy -- …', () => {
  it('builds, synthesises the stage as deploy:check does and deploys that assembly', () => {
    const steps = plan([
      '--stage',
      'dev',
      '-c',
      'mailFrom=a@example.com',
      '-c',
      'mailTo=b@example.com',
    ]);
    expect(steps).toEqual([
      { kind: 'accounts', title: 'check the account' },
      { kind: 'run', title: 'build', command: 'npm', args: ['run', 'build'] },
      {
        kind: 'synth',
        title: 'synth dev (deploy:check)',
        context: ['-c', 'mailFrom=a@example.com', '-c', 'mailTo=b@example.com'],
        outdir: '/out',
      },
      {
        kind: 'run',
        title: 'deploy AgencySite-dev',
        command: 'npx',
        args: ['cdk', 'deploy', '--app', '/out', 'AgencySite-dev'],
      },
      {
        kind: 'rollback-triggers',
        title: 'rollback triggers of AgencySite-dev',
        stackName: 'AgencySite-dev',
        alarmNames: ['AgencySite-dev API 5xx rate'],
      },
    ]);
  });

  it('takes settings from CDK_CONTEXT, each -c overriding it, and MAIL_FROM/MAIL_TO as the app does', () => {
    const options = parseDeployArgs(
      ['--stage=prod', '-c', 'alarmEmails=oncall@agency.example', '--yes'],
      {
        CDK_CONTEXT: PROD_CONTEXT,
      },
    );
    expect(options.context).toEqual({
      mailFrom: 'no-reply@agency.example',
      mailTo: 'sales@agency.example',
      alarmEmails: 'oncall@agency.example',
      ...PROD_DOMAINS,
    });
    const config = checkSettings(options, SITE);
    expect(config.operations.alarmEmails).toEqual(['oncall@agency.example']);
    const prodPlan = deployPlan(options, config, '/out');
    expect(prodPlan.at(-2)).toMatchObject({
      // Prod has the WAF by default: its us-east-1 alarms deploy after the site.
      args: [
        'cdk',
        'deploy',
        '--app',
        '/out',
        'AgencySite-prod',
        'AgencySite-prod-edge-monitoring',
        '--require-approval',
        'never',
      ],
    });
    expect(prodPlan.at(-1)).toMatchObject({
      alarmNames: ['AgencySite-prod API 5xx rate', 'AgencySite-prod Canary success'],
    });
    const fromEnv = parseDeployArgs(['--stage', 'dev'], {});
    expect(() => checkSettings(fromEnv, {})).toThrow(/mailFrom/);
    expect(
      checkSettings(fromEnv, { MAIL_FROM: 'a@example.com', MAIL_TO: 'b@example.com' }).mail.from,
    ).toBe('a@example.com');
  });

  it('refuses prod without its required settings, naming each, before building anything', () => {
    const bare = parseDeployArgs(['--stage', 'prod'], {});
    expect(() => checkSettings(bare, SITE)).toThrow(ConfigError);
    expect(() => checkSettings(bare, SITE)).toThrow(/mailFrom.*mailTo.*alarmEmails/);
    const noAlarms = parseDeployArgs(['--stage', 'prod', '-c', 'alarmEmails='], {
      CDK_CONTEXT: PROD_CONTEXT,
    });
    expect(() => checkSettings(noAlarms, SITE)).toThrow(/alarmEmails/);
    const noSite = parseDeployArgs(['--stage', 'prod'], { CDK_CONTEXT: PROD_CONTEXT });
    expect(() => checkSettings(noSite, {})).toThrow(/SITE_URL=https/);
    expect(() => checkSettings(noSite, { SITE_URL: 'http://localhost:3000' })).toThrow(/SITE_URL/);
    // Deploying a build made before (--no-build) does not build with SITE_URL.
    const prebuilt = parseDeployArgs(['--stage', 'prod', '--no-build'], {
      CDK_CONTEXT: PROD_CONTEXT,
    });
    expect(checkSettings(prebuilt, {}).stage).toBe('prod');
  });

  it('diffs every stack (nested ones too) without deploying or creating a change set, and deploys the GitHub roles with --github', () => {
    const diff = plan(['--stage', 'prod', '--no-build', '--diff', '--out', 'diff.txt'], {
      CDK_CONTEXT: PROD_CONTEXT,
    });
    expect(diff.map((s) => s.title)).toEqual([
      'synth prod (deploy:check)',
      'diff every stack of prod',
    ]);
    expect(diff.at(-1)).toMatchObject({
      args: ['cdk', 'diff', '--app', '/out', '--all', '--no-change-set'],
    });
    const github = plan(['--stage', 'dev', '--github', '-c', 'githubRepo=agency/site'], {
      MAIL_FROM: 'a@example.com',
      MAIL_TO: 'b@example.com',
    });
    expect(github.map((s) => s.kind)).toEqual(['run', 'synth', 'run']);
    expect(github.at(-1)).toMatchObject({ title: 'deploy AgencySite-dev-github' });
    expect(() =>
      plan(['--stage', 'dev', '--github'], {
        MAIL_FROM: 'a@example.com',
        MAIL_TO: 'b@example.com',
      }),
    ).toThrow(/githubRepo=owner\/name/);
  });

  it('refuses the other stage’s account, and a prod deploy that does not name it', () => {
    const options = parseDeployArgs(['--stage', 'prod', '-c', 'otherStageAccount=111111111111'], {
      CDK_CONTEXT: PROD_CONTEXT,
    });
    expect(deployPlan(options, checkSettings(options, SITE), '/out')[0]).toEqual({
      kind: 'accounts',
      title: 'check the account',
      otherStageAccount: '111111111111',
    });
    expect(() => checkAccounts('prod', '222222222222', '111111111111')).not.toThrow();
    expect(() => checkAccounts('prod', '111111111111', '111111111111')).toThrow(/must not share/);
    expect(() => checkAccounts('dev', '111111111111', '111111111111')).toThrow(ConfigError);
    expect(() => checkAccounts('prod', '222222222222', undefined)).toThrow(
      /otherStageAccount=<12 digits>/,
    );
    expect(() => checkAccounts('dev', '222222222222', undefined)).not.toThrow();
    expect(() => checkAccounts('prod', '222222222222', 'dev')).toThrow(/12 digits/);
  });

  it('says what is wrong with the command line', () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], {}, /--stage is required/],
      [['--stage'], {}, /--stage needs a value/],
      [['--stage', 'staging'], {}, /Unknown stage "staging": use one of dev, prod/],
      [['--stage', 'dev', '--force'], {}, /Unknown argument "--force"/],
      [['--stage', 'dev', '-c', 'mailFrom'], {}, /-c takes key=value/],
      [['--stage', 'dev', '-c', 'stage=prod'], {}, /with --stage, not as context/],
      [['--stage', 'dev', '--out', 'x.txt'], {}, /--out goes with --diff/],
      [['--stage', 'dev'], { CDK_CONTEXT: '[1]' }, /CDK_CONTEXT must be a JSON object/],
      [['--stage', 'dev'], { CDK_CONTEXT: '{"mailTo":["a"]}' }, /CDK_CONTEXT.mailTo must be/],
    ];
    for (const [argv, env, message] of cases) {
      let caught: unknown;
      try {
        parseDeployArgs(argv, env);
      } catch (error) {
        caught = error;
      }
      expect(caught, argv.join(' ')).toBeInstanceOf(UsageError);
      expect(String(caught), argv.join(' ')).toMatch(message);
    }
  });

  it('keeps the options it was given and nothing else', () => {
    const options: DeployOptions = parseDeployArgs(['--stage', 'dev', '--no-build'], {});
    expect(options).toEqual({
      stage: 'dev',
      context: {},
      target: 'site',
      build: false,
      yes: false,
    });
  });
});
