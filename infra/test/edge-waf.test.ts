import { KVS_FAILURE_MARKER } from '@agency/shared/edge';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../lib/app';
import { stageConfig } from '../lib/config';
import {
  EdgeMonitoringStack,
  edgeMonitoringStackName,
  KVS_FAILURE_METRIC,
} from '../lib/stacks/edge-monitoring-stack';
import {
  WAF_BLOCKED_ALARM_PER_5_MIN,
  WAF_SIGN_IN_PAGE,
  WAF_STAFF_BODY_RULES,
  WAF_STAFF_PREFIX,
} from '../lib/stacks/waf-stack';
import { PROD_DOMAINS, REPO_ROOT, SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf } from './template';

/**
 * The WAF of a dev synth with `-c waf=true`: the same stack prod gets by default (the default itself
 * is the stage config's, checked below), on the cheaper synth.
 */
let s: Synthesized;
let waf: Template;
beforeAll(() => {
  s = synthStage('dev', { more: { waf: 'true' } });
  if (!s.waf) throw new Error('dev with waf=true synthesised without its WAF stack');
  waf = Template.fromStack(s.waf);
}, SYNTH_TIMEOUT_MS);

interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Record<string, unknown>;
}
const rules = (): Rule[] => {
  const [acl] = resourcesOf(waf, 'AWS::WAFv2::WebACL');
  return (acl?.props.Rules ?? []) as Rule[];
};
const rule = (name: string): Rule => {
  const found = rules().find((r) => r.Name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

describe('the WAF is on in prod and off in dev unless asked', () => {
  const mail = {
    mailFrom: 'a@example.com',
    mailTo: 'b@example.com',
    alarmEmails: 'o@example.com',
    ...PROD_DOMAINS,
  };
  it('follows the stage default and the waf switch', () => {
    expect(stageConfig('prod', mail).waf).toBeDefined();
    expect(stageConfig('prod', { ...mail, waf: 'false' }).waf).toBeUndefined();
    expect(stageConfig('dev', mail).waf).toBeUndefined();
    expect(stageConfig('dev', { ...mail, waf: 'true' }).waf).toBeDefined();
  });
});

describe('the WAF rules', () => {
  it('runs the three AWS managed groups, blocking as AWS sets them', () => {
    const managed = rules()
      .filter((r) => 'ManagedRuleGroupStatement' in r.Statement)
      .map((r) => r.Name);
    expect(managed.sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const name of managed) expect(rule(name).OverrideAction).toEqual({ None: {} });
  });

  it('counts the body rules a staff write trips, and blocks their labels outside /api/user/', () => {
    const common = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement as {
      RuleActionOverrides?: { Name: string; ActionToUse: unknown }[];
    };
    expect(common.RuleActionOverrides).toEqual(
      WAF_STAFF_BODY_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    const outside = rule('body-rules-outside-staff-writes');
    // After the group, which labels the request first.
    expect(outside.Priority).toBeGreaterThan(rule('AWSManagedRulesCommonRuleSet').Priority);
    expect(outside.Action).toEqual({ Block: {} });
    expect(outside.Statement).toEqual({
      AndStatement: {
        Statements: [
          {
            OrStatement: {
              Statements: [
                {
                  LabelMatchStatement: {
                    Scope: 'LABEL',
                    Key: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
                  },
                },
                {
                  LabelMatchStatement: {
                    Scope: 'LABEL',
                    Key: 'awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body',
                  },
                },
              ],
            },
          },
          {
            NotStatement: {
              Statement: {
                ByteMatchStatement: {
                  FieldToMatch: { UriPath: {} },
                  PositionalConstraint: 'STARTS_WITH',
                  SearchString: WAF_STAFF_PREFIX,
                  TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                },
              },
            },
          },
        ],
      },
    });
  });

  it('limits each IP on the sign-in calls and the sign-in page', () => {
    const signIn = rule('sign-in-per-ip');
    expect(JSON.stringify(signIn.Statement)).toContain(`"SearchString":"${WAF_SIGN_IN_PAGE}"`);
    expect(signIn.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
  });
});

describe('the WAF logs and alarm', () => {
  it('logs to aws-waf-logs-<stack> with retention, redacting the authorization header and cookies', () => {
    waf.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: 'aws-waf-logs-AgencySite-dev',
      RetentionInDays: 30,
    });
    const [logging] = resourcesOf(waf, 'AWS::WAFv2::LoggingConfiguration');
    expect(logging?.props.RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
    ]);
    expect(JSON.stringify(logging?.props.LogDestinationConfigs)).toContain(
      'log-group:aws-waf-logs-AgencySite-dev"',
    ); // Blocked and counted requests only: allowed ones would cost log ingestion for every request.
    expect(logging?.props.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: [
            { ActionCondition: { Action: 'BLOCK' } },
            { ActionCondition: { Action: 'COUNT' } },
          ],
        },
      ],
    });
  });

  it('alarms on a spike of blocked requests of the whole ACL, to the us-east-1 topic', () => {
    waf.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'AgencySite-dev-edge' },
      ],
      Threshold: WAF_BLOCKED_ALARM_PER_5_MIN,
    });
    waf.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });
});

describe('the us-east-1 CloudFront alarms', () => {
  const monitoring = () => {
    const found = s.app.node.tryFindChild(
      edgeMonitoringStackName({ stackName: s.stack.stackName }),
    );
    if (!(found instanceof EdgeMonitoringStack)) throw new Error('no edge monitoring stack');
    return found;
  };

  it('is a us-east-1 stack deployed after the site, alarming to the WAF stack topic', () => {
    const edge = monitoring();
    expect(edge.region).toBe('us-east-1');
    expect(edge.dependencies).toContain(s.stack);
    const template = Template.fromStack(edge);
    for (const [namespace, metric] of [
      ['AWS/CloudFront', '5xxErrorRate'],
      ['AWS/CloudFront', '4xxErrorRate'],
      ['AWS/CloudFront', 'FunctionExecutionErrors'],
      ['AWS/CloudFront', 'FunctionThrottles'],
      [KVS_FAILURE_METRIC.namespace, KVS_FAILURE_METRIC.name],
    ] as const)
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: namespace,
        MetricName: metric,
        AlarmActions: [Match.anyValue()],
      });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
    });
  });

  it('counts the edge function log line of a failed KeyValueStore read', () => {
    const template = Template.fromStack(monitoring());
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `"${KVS_FAILURE_MARKER}"`,
      MetricTransformations: [
        Match.objectLike({
          MetricNamespace: KVS_FAILURE_METRIC.namespace,
          MetricName: KVS_FAILURE_METRIC.name,
        }),
      ],
    });
    const [group] = resourcesOf(template, 'AWS::Logs::LogGroup');
    expect(String(group?.props.LogGroupName)).toMatch(/^\/aws\/cloudfront\/function\//);
  });
});

describe('a synth without an account', () => {
  const overrides = {
    mailFrom: 'no-reply@example.com',
    mailTo: 'sales@example.com',
    alarmEmails: 'ops@example.com',
    ...PROD_DOMAINS,
  };
  it("leaves prod's default WAF out, but refuses an explicit waf=true", () => {
    expect(buildApp({ stage: 'prod', repoRoot: REPO_ROOT, web: undefined, overrides }).waf).toBe(
      undefined,
    );
    expect(() =>
      buildApp({
        stage: 'prod',
        repoRoot: REPO_ROOT,
        web: undefined,
        overrides: { ...overrides, waf: 'true' },
      }),
    ).toThrow(/needs the target account and region/);
  });
});
