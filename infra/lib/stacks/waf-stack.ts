import { contract, type ErrorBody, type OperationName } from '@agency/shared';
import { Stack, type StackProps } from 'aws-cdk-lib';
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

/** Stack name of a stage's web ACL, which CloudFront requires in us-east-1. */
export const wafStackName = (config: Pick<StageConfig, 'stackName'>): string =>
  `${config.stackName}-waf`;

/** The region of every web ACL a CloudFront distribution uses. */
export const WAF_REGION = 'us-east-1';

/** The metric names of the web ACL and its rule (CloudWatch, us-east-1, namespace AWS/WAFV2). */
export const WAF_METRICS = { webAcl: 'AgencySiteWaf', formCalls: 'FormCallsPerIp' } as const;

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

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const paths = WAF_FORM_OPERATIONS.map((name) => contract[name].path);
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
      description: `Rate limits per viewer IP on the form calls of ${props.config.stackName}.`,
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
      ],
    });
  }
}
