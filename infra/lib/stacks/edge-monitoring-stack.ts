import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { KVS_FAILURE_MARKER } from '@agency/shared/edge';
import type { StageConfig } from '../config';

/** Stack name of a stage's CloudFront alarms, which live in us-east-1 with CloudFront's metrics. */
export const edgeMonitoringStackName = (config: Pick<StageConfig, 'stackName'>): string =>
  `${config.stackName}-edge-monitoring`;

/** Thresholds of the us-east-1 alarms (percent of requests, or counts per 5 minutes). */
export const EDGE_ALARMS = {
  errorRate5xxPercent: 5,
  errorRate4xxPercent: 25,
  functionErrors: 10,
  functionThrottles: 10,
  kvsFailures: 10,
} as const;

/** The custom metric the KeyValueStore failure lines are counted in. */
export const KVS_FAILURE_METRIC = {
  namespace: 'AgencySite/Edge',
  name: 'KvsReadFailures',
} as const;

export interface EdgeMonitoringStackProps extends StackProps {
  config: StageConfig;
  /** The site's distribution and edge function (read across regions from the site's stack). */
  distributionId: string;
  functionName: string;
  /** The stage's us-east-1 alarm topic (the WAF stack's). */
  topic: sns.ITopic;
}

/**
 * The distribution's and the edge function's alarms, in us-east-1 where CloudFront's metrics are:
 * a stack after the site's (it reads the distribution), while the WAF's comes before it.
 */
export class EdgeMonitoringStack extends Stack {
  constructor(scope: Construct, id: string, props: EdgeMonitoringStackProps) {
    super(scope, id, props);
    const action = new actions.SnsAction(props.topic);
    const alarm = (
      id: string,
      description: string,
      metric: cloudwatch.IMetric,
      threshold: number,
    ): void => {
      new cloudwatch.Alarm(this, id, {
        alarmDescription: `${description} (README: Edge protection and monitoring).`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);
    };
    const cloudfront = (
      metricName: string,
      dimensionsMap: Record<string, string>,
      statistic: string,
    ) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap,
        statistic,
        period: Duration.minutes(5),
      });
    const distribution = { DistributionId: props.distributionId, Region: 'Global' };
    const fn = { FunctionName: props.functionName };
    alarm(
      'Distribution5xxAlarm',
      `Over ${EDGE_ALARMS.errorRate5xxPercent}% of the distribution's answers are 5xx`,
      cloudfront('5xxErrorRate', distribution, 'Average'),
      EDGE_ALARMS.errorRate5xxPercent,
    );
    alarm(
      'Distribution4xxAlarm',
      `Over ${EDGE_ALARMS.errorRate4xxPercent}% of the distribution's answers are 4xx`,
      cloudfront('4xxErrorRate', distribution, 'Average'),
      EDGE_ALARMS.errorRate4xxPercent,
    );
    alarm(
      'FunctionErrorsAlarm',
      'The edge function failed on requests (viewers got a 5xx)',
      cloudfront('FunctionExecutionErrors', fn, 'Sum'),
      EDGE_ALARMS.functionErrors,
    );
    alarm(
      'FunctionThrottlesAlarm',
      'The edge function was throttled (over its compute limit)',
      cloudfront('FunctionThrottles', fn, 'Sum'),
      EDGE_ALARMS.functionThrottles,
    );
    // CloudFront writes the function's console.log lines here; made here with a retention.
    const functionLogs = new logs.LogGroup(this, 'FunctionLogs', {
      logGroupName: `/aws/cloudfront/function/${props.functionName}`,
      retention: logs.RetentionDays.ONE_MONTH,
    });
    const kvsFailures = new logs.MetricFilter(this, 'KvsFailures', {
      logGroup: functionLogs,
      filterPattern: logs.FilterPattern.literal(`"${KVS_FAILURE_MARKER}"`),
      metricNamespace: KVS_FAILURE_METRIC.namespace,
      metricName: KVS_FAILURE_METRIC.name,
      metricValue: '1',
    });
    alarm(
      'KvsFailuresAlarm',
      'KeyValueStore reads failed (redirects and runtime pages are not served)',
      kvsFailures.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
      EDGE_ALARMS.kvsFailures,
    );
  }
}
