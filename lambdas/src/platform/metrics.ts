import { BUSINESS_METRICS, type MetricName } from '@agency/shared';
import { metricsNamespace } from './env';
import { logger, writeRecord } from './logger';

/**
 * The business figures the stage's dashboard shows and alarms watch (shared `BUSINESS_METRICS`, which
 * the CDK's alarms read too). Each is printed as one line of
 * CloudWatch embedded metric format (EMF): CloudWatch Logs turns the line into a metric data point,
 * with no API call on the request path and no client to load at a cold start. A tiny writer, not
 * Powertools' Metrics: these are single counters with no dimensions, and the line is printed by the one
 * logger module (about 1 KB of code against Powertools' Metrics and its commons at every start).
 */
export const METRICS = BUSINESS_METRICS;
export type { MetricName };

/** The unit of each metric CloudWatch records: a count unless said here. */
const METRIC_UNITS: Partial<Record<MetricName, 'Count' | 'Percent'>> = {
  [METRICS.redirectStoreFill]: 'Percent',
};

/**
 * The EMF document of one data point: `_aws` names the namespace and the metric (no dimensions:
 * each stage has its own namespace), and the value sits at the top level under the metric's name.
 */
export function emfDocument(
  namespace: string,
  name: MetricName,
  value: number,
  timestamp: number,
): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [[]],
          Metrics: [{ Name: name, Unit: METRIC_UNITS[name] ?? 'Count' }],
        },
      ],
    },
    [name]: value,
  };
}

/**
 * Record `value` of a business metric, with `context` (a lead or job id) beside it in the line.
 * Printed whatever the log level, and never throws: a figure that cannot be printed must not fail
 * the request it counts.
 */
export function putMetric(
  name: MetricName,
  value = 1,
  context: Record<string, unknown> = {},
): void {
  try {
    writeRecord({
      msg: `metric ${name}`,
      ...context,
      ...emfDocument(metricsNamespace(), name, value, Date.now()),
    });
  } catch (error) {
    logger.warn('metric not recorded', { metric: name, error });
  }
}
