import { Duration, Stack } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { BUSINESS_METRICS, ENV_NAMES } from '@agency/shared';
import { triggerFunction } from '@agency/lambdas/functions';
import type { GrantTargets } from '../apply-grants';
import { ALARM_WEBHOOK_GRANTS } from '../grants';
import type { AgencyFunction } from './agency-function';
import { topicWorker } from './topic-worker';
import { Construct } from 'constructs';
import * as z from 'zod';
import { acknowledge } from '../nag';
import type { Api } from './api';
import { addFailureQueue } from './failure-queue';
import type { Mail } from './mail';

/** A function as the alarms name it (its operation, job or worker), with the function itself. */
export interface NamedFunction {
  name: string;
  fn: lambda.Function;
}

export interface MonitoringProps {
  /** The stage's stack name: alarm names, the dashboard's and the metrics namespace start with it. */
  stackName: string;
  /** Addresses the alarm topic e-mails (each confirms its subscription once). */
  alarmEmails: readonly string[];
  /** The stage's monthly AWS Budget, USD. */
  monthlyBudgetUsd: number;
  api: Api;
  /** Functions someone waits on: the API's operations and the render function. */
  requestFunctions: readonly NamedFunction[];
  /** Functions nobody waits on: jobs, workers, triggers. */
  backgroundFunctions: readonly NamedFunction[];
  /**
   * Functions invoked asynchronously: each gets an on-failure queue (and an alarm on it), after
   * Lambda's own `retryAttempts`.
   */
  asyncFunctions: readonly (NamedFunction & { retryAttempts: number })[];
  /** The scheduled jobs, with how often each runs. */
  scheduledJobs: readonly (NamedFunction & { interval: Duration })[];
  tables: Readonly<Record<string, dynamodb.ITable>>;
  mail: Mail;
  /**
   * Also post every notice of the topic to the lead webhook's Slack-compatible channel (the
   * `alarm-webhook` worker, subscribed to the topic), with what the worker needs to run.
   */
  webhookCopy?: { targets: GrantTargets; protectData: boolean; logRetentionDays: number };
}

/** The business figures the functions print (shared `BUSINESS_METRICS`, written once for both). */
export { BUSINESS_METRICS };

/** How full (per cent of its 5 MB) the edge's KeyValueStore may get before someone is told. */
export const REDIRECT_STORE_ALARM_PERCENT = 80;

/** The worker copying alarm notices to the lead webhook (`lambdas/src/modules/alarms/workers/alarm-webhook.ts`). */
const ALARM_WEBHOOK_FUNCTION = triggerFunction('alarm-webhook');

/** The metric of the API's 429 answers (a metric filter on its access log). */
export const API_THROTTLED_METRIC = 'ApiThrottled';
/** 429 answers in each of 3 five-minute periods before someone is told: sustained, not a burst. */
export const API_THROTTLED_ALARM = 25;
/**
 * Crashed or timed-out invocations in 5 minutes, account-wide, before someone is told: one, as a
 * background function's was before the alarms were merged (an API function's handled error is a
 * logged 500, not a Lambda error, so one crash is already worth a look).
 */
export const LAMBDA_ERRORS_ALARM = 1;
/**
 * How long a failure may wait in its queue (kept 14 days) before the age alarm names it again: a
 * day, so one nobody handled is raised on each of many days, not dropped silently at 14.
 */
export const QUEUE_AGE_ALARM = Duration.days(1);
const FIVE_MINUTES = Duration.minutes(5);

interface AlarmSpec {
  /** Short title: the alarm's name after the stack's, and the e-mail's subject. */
  title: string;
  /** What it means and what to do first (README, Operations, says more). */
  description: string;
  metric: cloudwatch.IMetric;
  threshold: number;
  comparison?: cloudwatch.ComparisonOperator;
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
  missing?: cloudwatch.TreatMissingData;
}

/**
 * Eyes on one stage: an SNS topic that e-mails the stage's alarm addresses, the alarms that tell
 * a person something needs them (API errors and latency, failing or throttled functions, failed
 * asynchronous invocations, scheduled jobs that stopped running, lead deliveries overdue, SES
 * bounces and complaints, DynamoDB throttles), an AWS Budget notifying the same topic, and a
 * dashboard with the same figures plus the business metrics.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  /** The on-failure queue of each asynchronously invoked function, by its name. */
  readonly failureQueues: { name: string; queue: sqs.Queue }[];
  readonly budget: budgets.CfnBudget;
  /** The worker copying the topic to the lead webhook, when the stage asks for it. */
  readonly webhookCopy?: AgencyFunction;
  /** The namespace of this stage's business metrics. */
  readonly namespace: string;
  private readonly stackName: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.stackName = props.stackName;
    this.namespace = `Agency/${this.stackName}`;
    for (const { fn } of [...props.requestFunctions, ...props.backgroundFunctions])
      fn.addEnvironment(ENV_NAMES.metricsNamespace, this.namespace);

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${this.stackName} alarms`,
      enforceSSL: true,
    });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm and budget notices carry alarm names and figures, no data; CloudWatch and AWS Budgets cannot publish to a topic encrypted with the AWS managed key, and a customer managed key per stage protects no secret here.',
    );
    for (const email of props.alarmEmails)
      this.topic.addSubscription(new subscriptions.EmailSubscription(email));

    const asyncFunctions = [...props.asyncFunctions];
    if (props.webhookCopy) {
      this.webhookCopy = this.addWebhookCopy(props.webhookCopy);
      // Its own failures still reach the e-mails: the failure queue's alarm goes to the topic.
      asyncFunctions.push({
        name: ALARM_WEBHOOK_FUNCTION.name,
        fn: this.webhookCopy,
        retryAttempts: 2,
      });
    }

    this.apiAlarms(props.api);
    this.lambdaAlarms();
    this.failureQueues = asyncFunctions.map(({ name, fn, retryAttempts }) => ({
      name,
      queue: addFailureQueue(this, pascal(name), fn, retryAttempts),
    }));
    for (const { name, queue } of this.failureQueues) this.queueAlarms(name, queue);
    for (const job of props.scheduledJobs) this.jobAlarm(job);
    this.leadAlarms(props.mail);
    this.pageAlarms();
    this.redirectStoreAlarm();
    this.tableAlarms(props.tables);
    this.budget = this.addBudget(props.monthlyBudgetUsd);
    this.dashboard = this.addDashboard(props);
  }

  /** A business metric of this stage (Sum per period unless told otherwise). */
  metric(name: string, props: cloudwatch.MetricOptions = {}): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.namespace,
      metricName: name,
      statistic: 'Sum',
      period: FIVE_MINUTES,
      ...props,
    });
  }

  /** The `alarm-webhook` worker on the topic: each notice as Slack text to the lead webhook. */
  private addWebhookCopy(props: NonNullable<MonitoringProps['webhookCopy']>): AgencyFunction {
    if (!props.targets.leadWebhook)
      throw new Error('Posting alarms to the lead webhook needs the lead webhook configured');
    return topicWorker(this, 'AlarmWebhookFunction', {
      ...props,
      bundle: ALARM_WEBHOOK_FUNCTION.name,
      description: "Posts the stage's alarm and budget notices to the lead webhook's channel.",
      grants: ALARM_WEBHOOK_GRANTS,
      topic: this.topic,
    });
  }

  /** One alarm to the stage's topic, in ALARM and back to OK. */
  private addAlarm(spec: AlarmSpec): cloudwatch.Alarm {
    const id = pascal(spec.title);
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${this.stackName} ${spec.title}`,
      alarmDescription: spec.description,
      metric: spec.metric,
      threshold: spec.threshold,
      comparisonOperator:
        spec.comparison ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      datapointsToAlarm: spec.datapointsToAlarm ?? spec.evaluationPeriods ?? 1,
      treatMissingData: spec.missing ?? cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    alarm.addOkAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private apiAlarms(api: Api): void {
    this.addAlarm({
      title: 'API 5xx rate',
      description:
        'More than 5% of API requests answered 5xx in 2 of the last 3 five-minute periods (with at least 10 requests). The "API function errors" graph of the dashboard and the Lambda errors alarm name the function; its log names the route failing.',
      metric: apiServerErrorRate(api, FIVE_MINUTES),
      threshold: 5,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    this.addAlarm({
      title: 'API p99 latency',
      description:
        'The slowest 1% of API requests took over 3 s for 15 minutes. Check DynamoDB throttles, the image function, and the duration of the slow routes.',
      metric: api.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
      threshold: 3000,
      evaluationPeriods: 3,
    });
    this.addAlarm({
      title: 'API throttled',
      description: `API Gateway (or a function's own limit) answered ${API_THROTTLED_ALARM} or more requests 429 in each of 3 five-minute periods. The access log group of the API says which routes (filter status = "429", by routeKey): a throttle class at its limit (README, Operations, Limits and alarms) under a script or a real peak. A flood: turn on WAF's rate rule or block the address; real demand: raise that class's figures in shared/src/contract/limits.ts (API_LIMITS).`,
      metric: this.throttledRequests(api),
      threshold: API_THROTTLED_ALARM,
      evaluationPeriods: 3,
    });
  }

  /**
   * Requests the API answered 429, counted from its access log. Not the HTTP API's 4xx metric: it
   * counts every 400, 401, 403, 404 and 409 with the 429s, and staff sessions expiring or a
   * crawler's 404s would make it fire or hide a real flood. A throttled request is logged with
   * status 429 like any other (the stage's throttle and a function's own, e.g. the sign-in
   * limiter, alike).
   */
  private throttledRequests(api: Api): cloudwatch.Metric {
    new logs.MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: api.accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: this.namespace,
      metricName: API_THROTTLED_METRIC,
      metricValue: '1',
    });
    return this.metric(API_THROTTLED_METRIC);
  }

  /**
   * Errors and throttles of every function of the account and region, one metric each (AWS/Lambda
   * with no FunctionName): two billed alarm metrics instead of two per function. Which function
   * failed is on the dashboard (per-function graphs) and in its log; an asynchronous one's failure
   * also reaches its failure queue's alarm, by name. The metrics count every function of the
   * account and region: a stage sharing its account with another is also told of the other's.
   */
  private lambdaAlarms(): void {
    const accountMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName,
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    this.addAlarm({
      title: 'Lambda errors',
      description: `A function invocation crashed or timed out (${LAMBDA_ERRORS_ALARM} or more in 5 minutes), across the stage's functions (a handled error answered 4xx/5xx is not one). The dashboard's "API function errors" and "Background function errors" graphs show which function; open its log group and search "level":"error".`,
      metric: accountMetric('Errors'),
      threshold: LAMBDA_ERRORS_ALARM,
    });
    this.addAlarm({
      title: 'Lambda throttles',
      description:
        "Lambda refused a function invocation for want of concurrency (the account's concurrent executions are used up). The dashboard shows which function; ask Service Quotas for more concurrency or find what suddenly invokes that much.",
      metric: accountMetric('Throttles'),
      threshold: 1,
    });
  }

  /**
   * A failure queue's two alarms: a message in it (at once), and its oldest message older than
   * QUEUE_AGE_ALARM, so a failure left unhandled is named again well before SQS drops it at
   * 14 days (the depth alarm alone clears silently when it does).
   */
  private queueAlarms(name: string, queue: sqs.Queue): void {
    this.addAlarm({
      title: `${name} failed`,
      description: `An asynchronous invocation of ${name} failed after its retries; the event and the error are in its failure queue (SQS, kept 14 days). Read the message, fix the cause, then redrive or delete it (README, Operations).`,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: 1,
    });
    this.addAlarm({
      title: `${name} failure older than ${QUEUE_AGE_ALARM.toHumanString()}`,
      description: `The oldest failed event of ${name} has waited over ${QUEUE_AGE_ALARM.toHumanString()} in its failure queue; SQS deletes it unhandled at 14 days. Read it, fix the cause, then redrive or delete it (README, Operations).`,
      metric: queue.metricApproximateAgeOfOldestMessage({
        period: Duration.hours(1),
        statistic: 'Maximum',
      }),
      threshold: QUEUE_AGE_ALARM.toSeconds(),
    });
  }

  private jobAlarm(job: NamedFunction & { interval: Duration }): void {
    const minutes = Math.max(5, job.interval.toMinutes() * 2);
    this.addAlarm({
      title: `${job.name} not running`,
      description: `The scheduled job ${job.name} (every ${job.interval.toHumanString()}) did not run in ${minutes} minutes. Check its EventBridge rule is enabled and the function exists.`,
      metric: job.fn.metricInvocations({ period: Duration.minutes(minutes), statistic: 'Sum' }),
      threshold: 1,
      comparison: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      missing: cloudwatch.TreatMissingData.BREACHING,
    });
  }

  private leadAlarms(mail: Mail): void {
    this.addAlarm({
      title: 'Lead deliveries overdue',
      description:
        'A lead e-mail or webhook call is still unsent 30 minutes after the lead arrived (the retry job counts them every 5 minutes). Check the retry job logs: SES sending, the webhook receiver or its SSM parameters.',
      metric: this.metric(BUSINESS_METRICS.leadDeliveriesPendingOver30Min, {
        statistic: 'Maximum',
        period: Duration.minutes(10),
      }),
      threshold: 1,
    });
    this.addAlarm({
      title: 'Lead reminder not sent',
      description:
        'A lead nobody answered for 10 hours could not be named to the team (its e-mail or webhook call failed; it is not retried). Open the remind-unanswered-leads job log for the lead, answer it, and check SES sending or the webhook receiver.',
      metric: this.metric(BUSINESS_METRICS.leadRemindersFailed, { period: Duration.minutes(10) }),
      threshold: 1,
    });
    this.addAlarm({
      title: 'Mail bounced',
      description:
        'SES reported an e-mail of this stage as bounced (a lead e-mail is marked Bounced in the inbox). Check the agency recipients (mailTo) and the SES suppression list.',
      metric: mail.metric('Bounce', { period: Duration.hours(1) }),
      threshold: 1,
    });
    this.addAlarm({
      title: 'Mail complaint',
      description:
        'A recipient marked an e-mail of this stage as spam. Find the recipient in the mail-events worker log; SES pauses accounts with many complaints.',
      metric: mail.metric('Complaint', { period: Duration.hours(1) }),
      threshold: 1,
    });
  }

  /**
   * A page publish, retirement or settings change saved but kept off the site: the call answered
   * 502 and the every-minute publishing job, which retries it, has not managed either. It counts
   * what still lags after each run; every run of 10 minutes counting some is the alarm.
   */
  private pageAlarms(): void {
    this.addAlarm({
      title: 'Page changes not live',
      description:
        "A marketing page's publish or retirement, or a settings change, has been saved for 10 minutes but the site does not show it: the publishing job (every minute) fails to make it live. Its log says which page and why (the render function, the site bucket, the edge store or the invalidation).",
      metric: this.metric(BUSINESS_METRICS.pageChangesNotLive, { statistic: 'Minimum' }),
      threshold: 1,
      evaluationPeriods: 2,
    });
  }

  /**
   * The edge's KeyValueStore (redirects and pages' entries) past 80 % of its 5 MB: redirects may
   * take 4.5 MB of it and are refused past that; the last 0.5 MB is kept for pages' entries. The
   * fill is printed after each write to the store and by the hourly rebuild.
   */
  private redirectStoreAlarm(): void {
    this.addAlarm({
      title: 'Redirect store 80% full',
      description: `The edge's KeyValueStore of redirects holds over ${REDIRECT_STORE_ALARM_PERCENT}% of its 5 MB. Redirects are refused (400) once they take 4.5 MB; the last 0.5 MB is kept for pages' entries. Remove redirects nobody needs (the redirect manager lists them, with their size), or find what fills it (the hourly rebuild's log).`,
      metric: this.metric(BUSINESS_METRICS.redirectStoreFill, {
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      threshold: REDIRECT_STORE_ALARM_PERCENT,
    });
  }

  private tableAlarms(tables: Readonly<Record<string, dynamodb.ITable>>): void {
    for (const kind of ['Read', 'Write'] as const) {
      const metrics = Object.entries(tables).map(([name, table]) => ({
        name,
        metric: table.metric(`${kind}ThrottleEvents`, { period: FIVE_MINUTES, statistic: 'Sum' }),
      }));
      for (const [i, group] of chunk(metrics, 10).entries())
        this.addAlarm({
          title: `DynamoDB ${kind.toLowerCase()} throttles${i ? ` ${i + 1}` : ''}`,
          description: `DynamoDB throttled ${kind.toLowerCase()}s of ${group.map((m) => m.name).join(', ')} (on-demand tables throttle past twice their previous peak or the account's table limits). Check what suddenly reads or writes that much.`,
          metric: sumOf(
            `ddb${kind.toLowerCase()}${i}`,
            group.map((m) => m.metric),
            `DynamoDB ${kind.toLowerCase()} throttles`,
          ),
          threshold: 1,
        });
    }
  }

  /** The monthly AWS Budget: notices at 80% of the amount spent and at 100% forecast. */
  private addBudget(amount: number): budgets.CfnBudget {
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const notice = (type: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: {
        notificationType: type,
        comparisonOperator: 'GREATER_THAN',
        threshold,
        thresholdType: 'PERCENTAGE',
      },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    return new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${this.stackName}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount, unit: 'USD' },
      },
      notificationsWithSubscribers: [notice('ACTUAL', 80), notice('FORECASTED', 100)],
    });
  }

  private addDashboard(props: MonitoringProps): cloudwatch.Dashboard {
    const api = props.api.httpApi;
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const business = (name: string, label: string) =>
      this.metric(name, { label, period: Duration.hours(1) });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: this.stackName,
      defaultInterval: Duration.days(7),
    });
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms,
        width: 24,
        height: 4,
      }),
    );
    dashboard.addWidgets(
      graph('API requests and errors', [
        api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' }),
        api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
        api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
      ]),
      graph('API 5xx rate (%)', [apiServerErrorRate(props.api, FIVE_MINUTES)]),
      graph('API latency (ms)', [
        api.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }),
        api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' }),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Leads and spam (per hour)',
        [
          business(BUSINESS_METRICS.leadsReceived, 'leads received'),
          business(BUSINESS_METRICS.spamHeld, 'spam held'),
        ],
        6,
      ),
      graph(
        'Posts published (per hour)',
        [business(BUSINESS_METRICS.postsPublished, 'published')],
        6,
      ),
      graph('Sign-ins failed (per hour)', [business(BUSINESS_METRICS.signInsFailed, 'failed')], 6),
      graph(
        'Page changes not live',
        [
          this.metric(BUSINESS_METRICS.pageChangesNotLive, {
            statistic: 'Maximum',
            label: 'saved, not on the site',
          }),
        ],
        6,
      ),
      graph(
        'Redirect store fill (%)',
        [
          this.metric(BUSINESS_METRICS.redirectStoreFill, {
            statistic: 'Maximum',
            period: Duration.hours(1),
            label: 'of 5 MB',
          }),
        ],
        6,
      ),
      graph(
        'Lead deliveries',
        [
          this.metric(BUSINESS_METRICS.leadDeliveriesPendingOver30Min, {
            statistic: 'Maximum',
            label: 'pending > 30 min',
          }),
          business(BUSINESS_METRICS.leadEmailsBounced, 'lead e-mails bounced'),
          props.mail.metric('Send', { period: Duration.hours(1), label: 'e-mails sent' }),
          props.mail.metric('Bounce', { period: Duration.hours(1), label: 'bounces' }),
          props.mail.metric('Complaint', { period: Duration.hours(1), label: 'complaints' }),
        ],
        6,
      ),
    );
    // Each function on its own line: the detail behind the account-wide Lambda alarms (a
    // dashboard's metrics are not billed per metric as an alarm's are).
    const perFunction = (fns: readonly NamedFunction[], kind: 'Errors' | 'Throttles') =>
      fns.map(({ name, fn }) =>
        fn.metric(kind, { period: FIVE_MINUTES, statistic: 'Sum', label: name }),
      );
    const background = [
      ...props.backgroundFunctions,
      ...(this.webhookCopy ? [{ name: ALARM_WEBHOOK_FUNCTION.name, fn: this.webhookCopy }] : []),
    ];
    dashboard.addWidgets(
      graph('API function errors', perFunction(props.requestFunctions, 'Errors'), 8),
      graph('Background function errors', perFunction(background, 'Errors'), 8),
      graph(
        'Function throttles',
        perFunction([...props.requestFunctions, ...background], 'Throttles'),
        8,
      ),
    );
    dashboard.addWidgets(
      graph(
        'Scheduled job runs',
        props.scheduledJobs.map((j) =>
          j.fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum', label: j.name }),
        ),
        6,
      ),
      graph(
        'Failed asynchronous invocations (queued)',
        this.failureQueues.map((q) =>
          q.queue.metricApproximateNumberOfMessagesVisible({
            period: FIVE_MINUTES,
            statistic: 'Maximum',
            label: q.name,
          }),
        ),
        6,
      ),
      graph(
        'Oldest failed invocation (hours)',
        this.failureQueues.map(
          (q, i) =>
            new cloudwatch.MathExpression({
              expression: `age${i} / 3600`,
              usingMetrics: {
                [`age${i}`]: q.queue.metricApproximateAgeOfOldestMessage({
                  period: Duration.hours(1),
                  statistic: 'Maximum',
                }),
              },
              label: q.name,
              period: Duration.hours(1),
            }),
        ),
        6,
      ),
    );
    dashboard.addWidgets(
      graph(
        'DynamoDB throttles',
        Object.entries(props.tables).flatMap(([name, table]) =>
          (['Read', 'Write'] as const).map((kind) =>
            table.metric(`${kind}ThrottleEvents`, {
              period: FIVE_MINUTES,
              statistic: 'Sum',
              label: `${name} ${kind.toLowerCase()}s`,
            }),
          ),
        ),
        12,
      ),
      graph(
        'DynamoDB consumed capacity',
        Object.entries(props.tables).flatMap(([name, table]) => [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, label: `${name} RCU` }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, label: `${name} WCU` }),
        ]),
        12,
      ),
    );
    return dashboard;
  }
}

/** The share of API requests answered 5xx, in %, counted only from 10 requests a period on. */
function apiServerErrorRate(api: Api, period: Duration): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
    usingMetrics: {
      errors: api.httpApi.metricServerError({ period, statistic: 'Sum' }),
      requests: api.httpApi.metricCount({ period, statistic: 'Sum' }),
    },
    period,
    label: 'API 5xx %',
  });
}

/** The sum of up to 10 metrics, a missing data point counting 0. */
function sumOf(prefix: string, metrics: readonly cloudwatch.IMetric[], label: string) {
  if (metrics.length > 10) throw new Error(`${prefix}: an alarm sums at most 10 metrics`);
  const ids = metrics.map((_, i) => `${prefix}m${i}`);
  return new cloudwatch.MathExpression({
    expression: `SUM([${ids.map((id) => `FILL(${id}, 0)`).join(', ')}])`,
    usingMetrics: Object.fromEntries(ids.map((id, i) => [id, metrics[i] as cloudwatch.IMetric])),
    period: FIVE_MINUTES,
    label,
  });
}

/** `retry-lead-emails` → `RetryLeadEmails`: construct ids from names and titles. */
const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const alarmResources = z.object({
  Resources: z.record(
    z.string(),
    z.looseObject({
      Type: z.string(),
      Properties: z
        .looseObject({
          AlarmName: z.unknown().optional(),
          AlarmDescription: z.unknown().optional(),
        })
        .optional(),
    }),
  ),
});

/** Name and description of every alarm in a synthesised template (deploy:check prints them). */
export function alarmsOf(template: unknown): string[] {
  return Object.values(alarmResources.parse(template).Resources)
    .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
    .map((r) => `${String(r.Properties?.AlarmName)}: ${String(r.Properties?.AlarmDescription)}`);
}
