import { contract } from '@agency/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_TAG } from '../lib/constructs/agency-function';
import { differencesFromBuild, shippedFunctions } from '../lib/shipped-bundles';
import { WAF_FORM_OPERATIONS, WAF_REGION } from '../lib/stacks/waf-stack';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf, statementsOf } from './template';

/**
 * The stage settings of one door in and its eyes, read from a prod synth with all of them on: the
 * alarm topic's copy to the lead webhook (`alarmsToWebhook`) and the WAF web ACL in us-east-1
 * (`waf`). The origin secret needs no setting (origin-secret.test.ts).
 */
let s: Synthesized;
let ops: Template;
beforeAll(() => {
  s = synthStage('prod', {
    leadWebhookUrlParam: '/agency/prod/lead-webhook-url',
    leadWebhookSecretParam: '/agency/prod/lead-webhook-secret',
    more: { alarmsToWebhook: 'true', wafFormCallsPer5Min: '60' },
  });
  ops = Template.fromStack(s.stack.operations);
}, SYNTH_TIMEOUT_MS);

describe('alarms are copied to the lead webhook', () => {
  const worker = () => {
    const found = resourcesOf(ops, 'AWS::Lambda::Function').filter((f) =>
      (f.props.Tags as { Key: string; Value: string }[] | undefined)?.some(
        (t) => t.Key === FUNCTION_TAG && t.Value === 'alarm-webhook',
      ),
    );
    const [fn] = found;
    if (!fn || found.length !== 1) throw new Error(`${found.length} alarm-webhook functions`);
    return fn;
  };

  it('a worker subscribed to the alarm topic reads the webhook parameters, nothing else', () => {
    const fn = worker();
    const topics = resourcesOf(ops, 'AWS::SNS::Topic').filter(
      (t) => t.props.DisplayName === 'AgencySite-prod alarms',
    );
    expect(topics).toHaveLength(1);
    ops.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topics[0]?.id },
      Endpoint: { 'Fn::GetAtt': [fn.id, 'Arn'] },
    });
    expect(JSON.stringify(fn.props.Environment)).toContain('/agency/prod/lead-webhook-url');
    const actions = statementsOf(ops, fn.id).flatMap((st) => st.actions);
    // Its own log stream, the webhook's SSM parameters and its failure queue (Lambda sends a failed
    // event there as the function's role): no table, bucket or mail.
    expect(new Set(actions)).toEqual(
      new Set(['ssm:GetParameter', 'logs:CreateLogStream', 'logs:PutLogEvents', 'sqs:SendMessage']),
    );
  });

  it('ships exactly its built bundle, as every function does', () => {
    const shipped = shippedFunctions(s.template.toJSON(), s.outdir);
    expect(shipped.filter((f) => f.bundle === 'alarm-webhook')).toHaveLength(1);
    expect(differencesFromBuild(shipped)).toEqual([]);
  });

  it('its own failures land in a failure queue whose alarm e-mails the same people', () => {
    const fn = worker();
    ops.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fn.id },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    ops.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'AgencySite-prod alarm-webhook failed',
    });
  });
});

describe('the WAF web ACL', () => {
  it('is a CloudFront web ACL in us-east-1 limiting each IP on the form calls, answering 429', () => {
    if (!s.waf) throw new Error('no WAF stack');
    expect(s.waf.region).toBe(WAF_REGION);
    const [acl] = resourcesOf(Template.fromStack(s.waf), 'AWS::WAFv2::WebACL');
    expect(acl?.props).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const [rule] = (acl?.props.Rules ?? []) as {
      Action: unknown;
      Statement: { RateBasedStatement: Record<string, unknown> };
    }[];
    expect(rule?.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const rate = rule?.Statement.RateBasedStatement ?? {};
    expect(rate).toMatchObject({ Limit: 60, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const paths = JSON.stringify(rate.ScopeDownStatement)
      .match(/"SearchString":"[^"]+"/g)
      ?.map((m) => m.slice(16, -1));
    expect(new Set(paths)).toEqual(new Set(WAF_FORM_OPERATIONS.map((n) => contract[n].path)));
  });

  it('the distribution uses it, read across regions from the output of the us-east-1 stack', () => {
    const [distribution] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const config = distribution?.props.DistributionConfig as { WebACLId?: unknown };
    expect(config.WebACLId).toBeDefined();
    expect(config.WebACLId).toMatchObject({
      'Fn::GetStackOutput': { StackName: 'AgencySite-prod-waf', Region: WAF_REGION },
    });
  });
});
