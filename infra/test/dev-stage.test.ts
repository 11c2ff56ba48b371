import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf } from './template';

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
      expect(table.props.PointInTimeRecoverySpecification).toEqual({
        PointInTimeRecoveryEnabled: true,
      });
    }
    expect(resourcesOf(s.template, 'AWS::Cognito::UserPool')[0]?.props.DeletionProtection).toBe(
      'INACTIVE',
    );
    // Versioned or not, buckets are emptied first so the stack can delete them.
    expect(resourcesOf(s.template, 'Custom::S3AutoDeleteObjects')).toHaveLength(3);
  });

  it('keeps logs a week', () => {
    s.template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
    s.template.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 90 }, 0);
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
