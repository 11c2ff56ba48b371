import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentDefaultsProblems } from './flag-report';
import {
  expectedReplacingProperties,
  replacingProperties,
  STATEFUL_IDS,
  statefulIds,
} from './stateful';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf, statementsOf } from './template';

let s: Synthesized;
beforeAll(() => {
  // No web build: synth must still work, with a warning and nothing to upload.
  s = synthStage('dev');
}, SYNTH_TIMEOUT_MS);

describe('dev stack', () => {
  it('passes every cdk-nag AwsSolutions check', () => {
    const nag = s.report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    expect(nag?.violations).toEqual([]);
  });

  it('runs on current CDK defaults: no feature flag unconfigured, CloudFormation validation clean', () => {
    expect(currentDefaultsProblems(s)).toEqual([]);
  });

  it('keeps the logical ids and replacing properties of stateful resources (a change would lose the data)', () => {
    expect(statefulIds(s.template)).toEqual(STATEFUL_IDS);
    expect(replacingProperties(s.template)).toEqual(expectedReplacingProperties('dev'));
  });

  it('tags the stack itself (CloudFormation copies stack tags to what it creates) and its resources with app and stage', () => {
    const manifest = z
      .object({
        artifacts: z.record(
          z.string(),
          z.object({ properties: z.object({ tags: z.unknown() }).partial().optional() }),
        ),
      })
      .parse(JSON.parse(readFileSync(path.join(s.outdir, 'manifest.json'), 'utf8')));
    const tags = { app: 'agency-site', stage: 'dev' };
    expect(manifest.artifacts[s.stack.stackName]?.properties?.tags).toEqual(tags);
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      Tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })),
    });
  });

  it('destroys stateful resources with the stack and does not deletion-protect them', () => {
    for (const type of [
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::Cognito::UserPool',
      'AWS::SecretsManager::Secret',
    ]) {
      const resources = resourcesOf(s.template, type);
      expect(resources.length, type).toBeGreaterThan(0);
      for (const r of resources) expect(r.raw.DeletionPolicy, `${type} ${r.id}`).toBe('Delete');
    }
    for (const table of resourcesOf(s.template, 'AWS::DynamoDB::Table')) {
      expect(table.props.DeletionProtectionEnabled).toBe(false);
      // Every table keeps point-in-time recovery but the visitors table, which must keep nothing.
      expect(table.props.PointInTimeRecoverySpecification, table.id).toEqual({
        PointInTimeRecoveryEnabled: !table.id.startsWith('DataVisitorsTable'),
      });
    }
    expect(resourcesOf(s.template, 'AWS::Cognito::UserPool')[0]?.props.DeletionProtection).toBe(
      'INACTIVE',
    );
    // Versioned or not, buckets are emptied first so the stack can delete them.
    expect(resourcesOf(s.template, 'Custom::S3AutoDeleteObjects')).toHaveLength(3);
  });

  it('has no lead webhook unless the stage names its parameters: no setting, no Parameter Store access', () => {
    const template = JSON.stringify(s.whole.toJSON());
    expect(template).not.toContain('LEAD_WEBHOOK');
    for (const fn of resourcesOf(s.whole, 'AWS::Lambda::Function'))
      for (const st of statementsOf(s.whole, fn.id))
        if ([st.Action].flat().includes('ssm:GetParameter'))
          expect(JSON.stringify(st.Resource), fn.id).toContain('/aws/reference/secretsmanager/');
  });

  it('keeps logs a week', () => {
    s.whole.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
    s.whole.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 90 }, 0);
  });

  it('synthesizes before the web app is built: warns and uploads nothing', () => {
    expect(resourcesOf(s.template, 'Custom::CDKBucketDeployment')).toEqual([]);
    Annotations.fromStack(s.stack).hasWarning(
      '/AgencySite-dev/Site',
      Match.stringLikeRegexp('No web build'),
    );
    s.template.resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});
