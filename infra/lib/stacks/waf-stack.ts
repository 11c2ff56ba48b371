import { contract, type ErrorBody, type OperationName } from '@agency/shared';
import { ArnFormat, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';

/**
 * The calls anyone may send a form to, one viewer IP at a time: the enquiry, each sign-in step and
 * the password reset. Their paths come from the contract, like every other path.
 */
export const WAF_FORM_OPERATIONS = [
  'createLead',
  'login',
  'loginMfa',
  'loginNewPassword',
  'forgotPassword',
  'resetPassword',
] as const satisfies readonly OperationName[];

/** The sign-in steps, rate-limited apart from the other forms (with the sign-in page below). */
export const WAF_SIGN_IN_OPERATIONS = [
  'login',
  'loginMfa',
  'loginNewPassword',
] as const satisfies readonly OperationName[];

/** The staff sign-in page, whose loads count with the sign-in calls. */
export const WAF_SIGN_IN_PAGE = '/creative-login';

/** Sign-in requests (page and calls) one viewer IP may make in 5 minutes: a person needs a handful. */
export const WAF_SIGN_IN_PER_5_MIN = 50;

/** Staff writes: the body rules of the common rule set only count under this prefix. */
export const WAF_STAFF_PREFIX = '/api/user/';

/**
 * The common rule set's body rules a staff write trips (a page over 8 KB, a multipart banner upload,
 * JSON-LD and HTML in a post): overridden to Count and blocked again by label outside the staff prefix.
 */
export const WAF_STAFF_BODY_RULES = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] as const;

/** Blocked requests in 5 minutes over which the blocked-spike alarm fires. */
export const WAF_BLOCKED_ALARM_PER_5_MIN = 500;

/** Stack name of a stage's web ACL, which CloudFront requires in us-east-1. */
export const wafStackName = (config: Pick<StageConfig, 'stackName'>): string =>
  `${config.stackName}-waf`;

/** The region of every web ACL a CloudFront distribution uses. */
export const WAF_REGION = 'us-east-1';

/** The metric names of the web ACL and its rule (CloudWatch, us-east-1, namespace AWS/WAFV2). */
export const WAF_METRICS = {
  webAcl: 'AgencySiteWaf',
  formCalls: 'FormCallsPerIp',
  signIn: 'SignInPerIp',
  common: 'AwsCommonRules',
  badInputs: 'AwsKnownBadInputs',
  ipReputation: 'AwsIpReputation',
  staffBody: 'BodyRulesOutsideStaff',
} as const;

export interface WafStackProps extends StackProps {
  config: StageConfig;
  waf: NonNullable<StageConfig['waf']>;
}

/**
 * The stage's optional WAF web ACL (`-c waf=true`): everything is allowed, except a viewer IP that
 * sends more than `formCallsPer5Min` requests to the form calls in 5 minutes, which WAF answers 429
 * until its rate falls again. It sits in front of the app's own per-IP and per-account limits, so
 * a flood is stopped at the edge before it costs a Lambda invocation. Its metrics and sampled
 * requests are in CloudWatch and the WAF console (us-east-1).
 */
export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  /** The stage's us-east-1 alarm topic (CloudFront and WAF metrics live here), mailed to its alarm addresses. */
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const paths = WAF_FORM_OPERATIONS.map((name) => contract[name].path);
    const signInPaths = [
      ...new Set([...WAF_SIGN_IN_OPERATIONS.map((name) => contract[name].path), WAF_SIGN_IN_PAGE]),
    ];
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (
      name: string,
      priority: number,
      metricName: string,
      countRules: readonly string[] = [],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(countRules.length > 0
            ? {
                ruleActionOverrides: countRules.map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
        },
      },
      visibilityConfig: visibility(metricName),
    });
    const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.config.stackName}-edge`,
      description: `Managed rules and per-IP rate limits of ${props.config.stackName}.`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        sampledRequestsEnabled: true,
        metricName: WAF_METRICS.webAcl,
      },
      customResponseBodies: {
        tooMany: {
          contentType: 'APPLICATION_JSON',
          // The API's own error body, so the site shows it as any other 429.
          content: JSON.stringify({
            error: 'Too many requests from your address. Please try again in a few minutes.',
            code: 'rate-limited',
          } satisfies ErrorBody),
        },
      },
      rules: [
        {
          name: 'form-calls-per-ip',
          priority: 0,
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooMany' } },
          },
          statement: {
            rateBasedStatement: {
              limit: props.waf.formCallsPer5Min,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: [...new Set(paths)].map(pathIs) } },
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            sampledRequestsEnabled: true,
            metricName: WAF_METRICS.formCalls,
          },
        },
        {
          name: 'sign-in-per-ip',
          priority: 1,
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooMany' } },
          },
          statement: {
            rateBasedStatement: {
              limit: WAF_SIGN_IN_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: signInPaths.map(pathIs) } },
            },
          },
          visibilityConfig: visibility(WAF_METRICS.signIn),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 2, WAF_METRICS.ipReputation),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3, WAF_METRICS.badInputs),
        // AWS's documented pattern for scoping a managed rule: override it to Count (the group
        // still labels the request), then block that label with a scope of one's own.
        managed('AWSManagedRulesCommonRuleSet', 4, WAF_METRICS.common, WAF_STAFF_BODY_RULES),
        {
          name: 'body-rules-outside-staff-writes',
          priority: 5,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                {
                  orStatement: {
                    statements: WAF_STAFF_BODY_RULES.map((rule) => ({
                      labelMatchStatement: {
                        scope: 'LABEL',
                        key: `awswaf:managed:aws:core-rule-set:${wafLabelName(rule)}`,
                      },
                    })),
                  },
                },
                {
                  notStatement: {
                    statement: {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'STARTS_WITH',
                        searchString: WAF_STAFF_PREFIX,
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility(WAF_METRICS.staffBody),
        },
      ],
    });

    // WAF logs: the log group's name must start with aws-waf-logs-; credentials never reach it.
    const logGroupName = `aws-waf-logs-${props.config.stackName}`;
    new logs.LogGroup(this, 'WafLogs', {
      logGroupName,
      retention: logs.RetentionDays.ONE_MONTH,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the `:*` suffix CDK's logGroupArn has.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { singleHeader: { Name: 'authorization' } },
        { singleHeader: { Name: 'cookie' } },
      ],
      // Only what a rule blocked or counted: what a person looks into. Every allowed request too
      // would be ~1.5 KB a request (24 requests a page view), $900 a month of log ingestion at 50
      // million page views, for what CloudFront's access logs already hold.
      loggingFilter: {
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
      },
    });
    logging.node.addDependency(this.node.findChild('WafLogs'));

    this.topic = new sns.Topic(this, 'EdgeAlarmTopic', {
      displayName: `${props.config.stackName} edge alarms (us-east-1)`,
      enforceSSL: true,
    });
    for (const email of props.config.operations.alarmEmails)
      this.topic.addSubscription(new subscriptions.EmailSubscription(email));
    const blocked = new cloudwatch.Alarm(this, 'BlockedRequestsAlarm', {
      alarmDescription: `More than ${WAF_BLOCKED_ALARM_PER_5_MIN} requests blocked by the web ACL in 5 minutes: an attack, or a rule blocking real visitors (README: Edge protection and monitoring).`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        // A CloudFront web ACL's metrics: no Region dimension, Rule ALL for the whole ACL.
        dimensionsMap: { WebACL: `${props.config.stackName}-edge`, Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: WAF_BLOCKED_ALARM_PER_5_MIN,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    blocked.addAlarmAction(new actions.SnsAction(this.topic));
  }
}

/** A managed rule's label name: the rule name with its suffix as AWS writes it (`_BODY` → `_Body`). */
function wafLabelName(rule: string): string {
  return rule.replace(/_BODY$/, '_Body');
}
