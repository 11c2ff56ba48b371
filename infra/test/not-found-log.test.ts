import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_PREFIXES } from '@agency/lambdas/tables';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { functionByDescription, referencedIds, resourcesOf, statementsOf } from './template';

/**
 * Issue 32, item 10: the 404 log is counted from CloudFront's standard logs by a job the
 * access-log bucket runs for each log file; no public call writes to it any more.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthStage('prod');
}, SYNTH_TIMEOUT_MS);

/** The stage's alarms by name (the stack's name left out). */
const alarms = () =>
  new Map(
    resourcesOf(s.whole, 'AWS::CloudWatch::Alarm').map((a) => [
      String(a.props.AlarmName).replace(`${s.stack.stackName} `, ''),
      a.props,
    ]),
  );

const job = () => functionByDescription(s.template, 'Counts the 404s of site addresses');
const accessLogBucketId = () => {
  const [distribution] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
  const logging = (distribution?.props.DistributionConfig as { Logging: Record<string, unknown> })
    .Logging;
  const [id] = referencedIds(logging.Bucket);
  if (!id) throw new Error('the distribution logs to no bucket');
  return { id, prefix: logging.Prefix };
};

describe('the 404 log job', () => {
  it('runs for each CloudFront log file the access-log bucket receives', () => {
    const { id: bucket, prefix } = accessLogBucketId();
    expect(prefix).toBe('cloudfront/');
    const notifications = resourcesOf(s.template, 'Custom::S3BucketNotifications').filter((n) =>
      referencedIds(n.props.BucketName).includes(bucket),
    );
    expect(notifications).toHaveLength(1);
    const config = notifications[0]?.props.NotificationConfiguration as {
      LambdaFunctionConfigurations: {
        Events: string[];
        LambdaFunctionArn: unknown;
        Filter: { Key: { FilterRules: { Name: string; Value: string }[] } };
      }[];
    };
    expect(config.LambdaFunctionConfigurations).toHaveLength(1);
    const [target] = config.LambdaFunctionConfigurations;
    expect(target?.Events).toEqual(['s3:ObjectCreated:*']);
    expect(referencedIds(target?.LambdaFunctionArn)).toEqual([job().id]);
    expect(target?.Filter.Key.FilterRules).toEqual(
      expect.arrayContaining([
        { Name: 'prefix', Value: 'cloudfront/' },
        { Name: 'suffix', Value: '.gz' },
      ]),
    );
    // Only that bucket may invoke it.
    const permissions = resourcesOf(s.template, 'AWS::Lambda::Permission').filter((p) =>
      referencedIds(p.props.FunctionName).includes(job().id),
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]?.props.Principal).toBe('s3.amazonaws.com');
    expect(referencedIds(permissions[0]?.props.SourceArn)).toEqual([bucket]);
  });

  it('may read CloudFront’s log files and write the 404 log’s items, nothing else', () => {
    const { id: bucket } = accessLogBucketId();
    const statements = statementsOf(s.template, job().id).filter(
      (st) => !st.actions.every((a) => a.startsWith('logs:') || a.startsWith('xray:')),
    );
    const s3 = statements.filter((st) => st.actions.some((a) => a.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect(s3[0]?.actions).toEqual(['s3:GetObject']);
    expect(referencedIds(s3[0]?.Resource)).toEqual([bucket]);
    expect(JSON.stringify(s3[0]?.Resource)).toContain('/cloudfront/*');
    const dynamo = statements.filter((st) => st.actions.some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((st) => st.actions).sort()).toEqual(
      ['dynamodb:GetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
    );
    const prefixes = dynamo.map((st) => JSON.stringify(st.Condition));
    expect(prefixes.some((p) => p.includes(`${KEY_PREFIXES.content.notFound}*`))).toBe(true);
    expect(dynamo.every((st) => st.Condition !== undefined)).toBe(true);
    expect(
      statements.every((st) =>
        st.actions.every((a) => a.startsWith('s3:') || a.startsWith('dynamodb:')),
      ),
    ).toBe(true);
  });

  it("has a failure queue with its two alarms, and its errors count in the stage's Lambda errors alarm and on the dashboard", () => {
    const configs = resourcesOf(s.whole, 'AWS::Lambda::EventInvokeConfig').filter((c) =>
      referencedIds(c.props.FunctionName).includes(job().id),
    );
    expect(configs).toHaveLength(1);
    expect(configs[0]?.props.MaximumRetryAttempts).toBe(2);
    expect(alarms().get('record-not-found failed')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    expect(alarms().get('record-not-found failure older than 1 day')).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
    });
    // Account-level: every function of the stage's account and region, this one included.
    expect(alarms().get('Lambda errors')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
    });
    const [dashboard] = resourcesOf(s.whole, 'AWS::CloudWatch::Dashboard');
    expect(referencedIds(dashboard?.props.DashboardBody)).toContain(job().id);
  });

  it('no public call writes to the 404 log', () => {
    const routes = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route').map((r) =>
      String(r.props.RouteKey),
    );
    expect(routes).not.toContain('POST /api/not-found');
    expect(routes).toContain('GET /api/user/not-found');
  });
});
