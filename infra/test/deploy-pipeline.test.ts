import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { NODE_RUNTIME } from '../lib/constructs/agency-function';
import {
  CANARY_ALARM_TITLE,
  CANARY_ARTIFACT_DAYS,
  CANARY_PATHS,
  CANARY_RUNTIME,
  canaryCode,
} from '../lib/constructs/canary';
import { lambdaRuntimeOf, NODE_MAJOR, nodeMajorOf } from '../lib/node-version';
import { REPO_ROOT, SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf } from './template';

// js-yaml (a root devDependency; it ships no types, hence the require): the workflows are YAML, and zod checks what it reads.
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

/** Issue 36, item 3: the canary, one Node version, and the workflows' deploy, diff and rollback. */

const step = z.object({
  name: z.string().optional(),
  id: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  'working-directory': z.string().optional(),
});
const job = z.object({
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  environment: z.union([z.string(), z.object({ name: z.string() })]).optional(),
  permissions: z.record(z.string(), z.string()).optional(),
  steps: z.array(step),
});
const workflowSchema = z.object({ jobs: z.record(z.string(), job) });
const workflow = (name: string) =>
  workflowSchema.parse(load(readFileSync(path.join(REPO_ROOT, '.github/workflows', name), 'utf8')));
const needsOf = (j: z.infer<typeof job>) => [j.needs ?? []].flat();
const envOf = (j: z.infer<typeof job>) =>
  typeof j.environment === 'object' ? j.environment.name : j.environment;

describe('one Node version, written once', () => {
  it('is .nvmrc, which every setup-node step reads and the functions run', () => {
    expect(NODE_MAJOR).toBeGreaterThanOrEqual(22);
    expect(NODE_RUNTIME.name).toBe(`nodejs${NODE_MAJOR}.x`);
    for (const file of ['deploy.yml', 'pull-request.yml'])
      for (const [name, j] of Object.entries(workflow(file).jobs))
        for (const s of j.steps.filter((s) => s.uses?.startsWith('actions/setup-node@')))
          expect(s.with, `${file} ${name}`).toEqual({
            'node-version-file': '.nvmrc',
            cache: 'npm',
          });
  });

  it('reads 24, v24 and 24.11.0 alike and refuses what Lambda cannot run', () => {
    expect([nodeMajorOf('24\n'), nodeMajorOf('v24'), nodeMajorOf('24.11.0')]).toEqual([24, 24, 24]);
    expect(() => nodeMajorOf('lts/*')).toThrow(/\.nvmrc/);
    expect(() => lambdaRuntimeOf(7)).toThrow(/no Node 7 runtime/);
  });
});

describe('the deploy workflow', () => {
  const { jobs } = workflow('deploy.yml');

  it('diffs prod into the run’s summary before prod’s approval, from a job that needs no approval', () => {
    const diff = jobs['prod-diff'];
    const prod = jobs.prod;
    expect(diff && prod).toBeTruthy();
    if (!diff || !prod) return;
    expect(needsOf(prod)).toEqual(expect.arrayContaining(['dev', 'prod-diff']));
    expect(needsOf(diff)).not.toContain('dev');
    expect(envOf(diff)).toBe('prod-diff');
    expect(envOf(prod)).toBe('prod');
    const runs = diff.steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toMatch(/npm run deploy -- --stage prod --no-build --diff --out diff\.txt/);
    expect(runs).toMatch(/diff\.txt[\s\S]*>> "\$GITHUB_STEP_SUMMARY"/);
    expect(diff.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  });

  it('smoke-checks each stage after its deploy and, when that fails, redeploys the last good commit', () => {
    for (const stage of ['dev', 'prod']) {
      const j = jobs[stage];
      expect(j, stage).toBeDefined();
      if (!j) continue;
      const names = j.steps.map((s) => s.name ?? s.uses ?? s.run);
      const at = (name: string) => names.indexOf(name);
      expect(at('Deploy')).toBeGreaterThan(-1);
      expect(at('Smoke checks')).toBeGreaterThan(at('Deploy'));
      expect(at('Last good commit')).toBeGreaterThan(at('Smoke checks'));
      expect(at('Roll back (redeploy the last good build)')).toBeGreaterThan(
        at('Last good commit'),
      );
      const deploy = j.steps[at('Deploy')];
      expect(deploy?.run).toContain(`--stage ${stage} --yes -c otherStageAccount=`);
      const good = j.steps[at('Last good commit')];
      expect(good?.if).toBe("failure() && steps.smoke.outcome == 'failure'");
      expect(good?.run).toMatch(/gh run list .*--workflow deploy\.yml --branch main/);
      const checkout = j.steps[at('Check out the last good commit')];
      expect(checkout?.with).toMatchObject({ ref: '${{ steps.good.outputs.sha }}' });
      const rollback = j.steps[at('Roll back (redeploy the last good build)')];
      expect(rollback?.['working-directory']).toBe('last-good');
      // The old build is rebuilt and deployed whole, so the deploy-time content jobs rerun with it.
      expect(rollback?.run).toMatch(
        new RegExp(`npm ci\\n\\s*npm run deploy -- --stage ${stage} --yes -c otherStageAccount=`),
      );
      expect(j.permissions).toMatchObject({ 'id-token': 'write', actions: 'read' });
    }
  });

  it('diffs every stack of each stage on pull requests, through the diff role', () => {
    const diff = workflow('pull-request.yml').jobs.diff;
    const runs = diff?.steps.map((s) => s.run ?? '').join('\n') ?? '';
    expect(runs).toContain('npm run deploy -- --stage "$STAGE" --no-build --diff --out diff.txt');
    expect(runs).not.toContain('get-template');
  });
});

describe('the canary', () => {
  let prod: Synthesized;
  let dev: Synthesized;
  beforeAll(() => {
    prod = synthStage('prod');
    dev = synthStage('dev');
  }, SYNTH_TIMEOUT_MS * 2);

  it('runs in prod every 5 minutes on the current Node runtime, through the smoke checks, alarmed to the stage’s topic', () => {
    const canaries = resourcesOf(prod.whole, 'AWS::Synthetics::Canary');
    expect(canaries).toHaveLength(1);
    const props = canaries[0]?.props ?? {};
    expect(props.RuntimeVersion).toBe(CANARY_RUNTIME.name);
    expect(props.Schedule).toMatchObject({ Expression: 'rate(5 minutes)' });
    const code = props.Code as { Handler: string; Script: string };
    expect(code.Handler).toBe('index.handler');
    expect(code.Script).toBe(canaryCode());
    expect(code.Script).toContain(JSON.stringify(CANARY_PATHS));
    expect(CANARY_PATHS.captchaPath).toBe('/api/captcha/challenge');
    expect(JSON.stringify(props.RunConfig)).toContain('SITE_URL');
    expect(resourcesOf(dev.whole, 'AWS::Synthetics::Canary')).toHaveLength(0);

    const alarms = resourcesOf(prod.whole, 'AWS::CloudWatch::Alarm').filter(
      (a) => a.props.AlarmName === `AgencySite-prod ${CANARY_ALARM_TITLE}`,
    );
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]?.props ?? {};
    expect(alarm).toMatchObject({
      MetricName: 'SuccessPercent',
      Namespace: 'CloudWatchSynthetics',
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 100,
      EvaluationPeriods: 2,
      TreatMissingData: 'breaching',
    });
    const topics = resourcesOf(prod.whole, 'AWS::SNS::Topic').map((t) => t.id);
    expect(JSON.stringify(alarm.AlarmActions)).toMatch(new RegExp(topics.join('|')));
  });

  it('keeps its artifacts encrypted, private and for 30 days; cdk-nag passes', () => {
    const canary = resourcesOf(prod.whole, 'AWS::Synthetics::Canary')[0]?.props ?? {};
    expect(canary.ArtifactConfig).toEqual({ S3Encryption: { EncryptionMode: 'SSE_S3' } });
    const buckets = resourcesOf(prod.whole, 'AWS::S3::Bucket').filter((b) =>
      JSON.stringify(canary.ArtifactS3Location).includes(b.id),
    );
    expect(buckets).toHaveLength(1);
    expect(buckets[0]?.props).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ ExpirationInDays: CANARY_ARTIFACT_DAYS })],
      },
      PublicAccessBlockConfiguration: expect.objectContaining({ BlockPublicAcls: true }),
    });
    const nag = prod.report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    const canaryFindings = (nag?.violations ?? []).filter((v) =>
      v.violatingConstructs.some((c) => c.constructPath.includes('/Canary/')),
    );
    expect(canaryFindings).toEqual([]);
  });
});
