import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MONTHLY_BUDGET_USD } from '../lib/config';
import { FUNCTION_TAG } from '../lib/constructs/agency-function';
import { SCHEDULED_JOBS } from '../lib/constructs/scheduled-job';
import { alarmsOf, QUEUE_AGE_ALARM } from '../lib/constructs/monitoring';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { functionByDescription, resourcesOf } from './template';

/**
 * Operations of each stage, read from the synthesised templates: the alarm topic and who it
 * e-mails, the alarms, the failure queues of asynchronously invoked functions, the SES
 * configuration set and its bounce worker, the budget and the dashboard.
 */
interface Stage {
  s: Synthesized;
  /** The operations nested stack's template. */
  ops: Template;
}
const stages = {} as Record<'dev' | 'prod', Stage>;
const EMAILS = { dev: ['dev-ops@example.com'], prod: ['ops@example.com', 'oncall@example.com'] };

function stageOf(s: Synthesized): Stage {
  return { s, ops: Template.fromStack(s.stack.operations) };
}

beforeAll(() => {
  stages.dev = stageOf(synthStage('dev', { alarmEmails: EMAILS.dev.join(',') }));
  stages.prod = stageOf(
    synthStage('prod', { alarmEmails: EMAILS.prod.join(', '), monthlyBudgetUsd: '250' }),
  );
}, 2 * SYNTH_TIMEOUT_MS);

const ref = (id: string) => ({ Ref: id });
const getAtt = (id: string, attr: string) => ({ 'Fn::GetAtt': [id, attr] });

/**
 * The project's functions (tagged with their bundle), wherever they are (the site's stack, the API
 * functions' and the operations nested stacks), but the deploy-time jobs, whose failure fails the
 * deployment itself.
 */
function watchedFunctions(st: Stage) {
  return resourcesOf(st.s.whole, 'AWS::Lambda::Function').filter((f) => {
    const tags = (f.props.Tags ?? []) as { Key: string; Value: string }[];
    const bundle = tags.find((t) => t.Key === FUNCTION_TAG)?.Value;
    return bundle !== undefined && !DEPLOY_JOBS.includes(bundle);
  });
}
// The redirect store's rebuild also runs every hour, so it is watched like the scheduled jobs.
// A deploy-only job's failure fails the deploy, which says so.
const DEPLOY_JOBS = ['backfill-lead-stats', 'seed-pages'];

function alarmTopic(st: Stage): string {
  const topics = resourcesOf(st.ops, 'AWS::SNS::Topic').filter((t) =>
    String(t.props.DisplayName).endsWith(' alarms'),
  );
  expect(topics).toHaveLength(1);
  return topics[0]?.id ?? '';
}

/**
 * Every alarm, by its name without the stack's, with its properties as the whole stage reads them
 * (a function of another stack named by its own logical id, not by the parameter passing its name).
 */
function alarms(st: Stage): Map<string, Record<string, unknown>> {
  const prefix = `${st.s.stack.stackName} `;
  expect(resourcesOf(st.s.whole, 'AWS::CloudWatch::Alarm')).toHaveLength(
    resourcesOf(st.ops, 'AWS::CloudWatch::Alarm').length,
  );
  return new Map(
    resourcesOf(st.s.whole, 'AWS::CloudWatch::Alarm').map((a) => [
      String(a.props.AlarmName).replace(prefix, ''),
      a.props,
    ]),
  );
}

describe.each(['dev', 'prod'] as const)('%s operations', (stage) => {
  const st = () => stages[stage];
  const s = () => stages[stage].s;
  const ops = () => stages[stage].ops;

  it('passes cdk-nag with the monitoring in place', () => {
    const nag = s().report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.violations).toEqual([]);
  });

  it('has one alarm topic that e-mails each configured address', () => {
    const topic = alarmTopic(st());
    const subscriptions = resourcesOf(ops(), 'AWS::SNS::Subscription').filter(
      (sub) => sub.props.Protocol === 'email',
    );
    expect(subscriptions.map((sub) => sub.props.Endpoint).sort()).toEqual(
      [...EMAILS[stage]].sort(),
    );
    for (const sub of subscriptions) expect(sub.props.TopicArn).toEqual(ref(topic));
  });

  it('raises each alarm to the topic, in ALARM and back to OK', () => {
    const topic = alarmTopic(st());
    const all = [...alarms(st()).values()];
    expect(all.length).toBeGreaterThan(15);
    // Far fewer alarms than functions (80 with analytics' collect, read and roll-up job and the
    // lead reminder), yet every function is watched (below): CloudWatch bills each alarm's metrics.
    expect(all.length).toBeLessThan(50);
    for (const alarm of all) {
      expect(alarm.AlarmActions).toEqual([ref(topic)]);
      expect(alarm.OKActions).toEqual([ref(topic)]);
      expect(String(alarm.AlarmDescription).length).toBeGreaterThan(40);
    }
  });

  it('alarms when page changes stay off the site for 10 minutes (the publishing job counts them every run)', () => {
    expect(alarms(st()).get('Page changes not live')).toMatchObject({
      MetricName: 'PageChangesNotLive',
      Namespace: `Agency/${st().s.stack.stackName}`,
      // Every run of two five-minute periods counted some.
      Statistic: 'Minimum',
      Period: 300,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms when the edge’s redirect store is 80 % full (the fill is printed on each write and by the hourly rebuild)', () => {
    expect(alarms(st()).get('Redirect store 80% full')).toMatchObject({
      MetricName: 'RedirectStoreFill',
      Namespace: `Agency/${st().s.stack.stackName}`,
      Statistic: 'Maximum',
      Period: 3600,
      EvaluationPeriods: 1,
      Threshold: 80,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms on the API 5xx rate and p99 latency', () => {
    const a = alarms(st());
    expect(a.get('API 5xx rate')).toMatchObject({
      Threshold: 5,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      Metrics: expect.arrayContaining([
        expect.objectContaining({ Expression: 'IF(requests >= 10, 100 * errors / requests, 0)' }),
        expect.objectContaining({
          Id: 'errors',
          MetricStat: expect.objectContaining({
            Metric: expect.objectContaining({ MetricName: '5xx', Namespace: 'AWS/ApiGateway' }),
          }),
        }),
      ]),
    });
    expect(a.get('API p99 latency')).toMatchObject({
      MetricName: 'Latency',
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
      Threshold: 3000,
    });
  });

  it("alarms on every function's errors and throttles with two account-level metrics, each function on the dashboard", () => {
    const a = alarms(st());
    for (const [title, metric] of [
      ['Lambda errors', 'Errors'],
      ['Lambda throttles', 'Throttles'],
    ] as const) {
      const alarm = a.get(title);
      // One billed metric: AWS/Lambda without a FunctionName counts every function of the region.
      expect(alarm, title).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metric });
      expect(alarm?.Dimensions, title).toBeUndefined();
    }
    expect([...a.keys()].filter((n) => /errors or throttles$/.test(n))).toEqual([]);
    const [dashboard] = resourcesOf(st().s.whole, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard?.props.DashboardBody);
    const functions = watchedFunctions(st()).map((f) => f.id);
    expect(functions.length).toBeGreaterThan(50);
    for (const id of functions) expect(body, id).toContain(JSON.stringify(ref(id)));
  });

  it('gives the image worker, the scheduled jobs and the mail-events worker an encrypted failure queue with alarms on its depth and its oldest message', () => {
    const a = alarms(st());
    const described = {
      'process-image': 'Makes the responsive variants',
      'mail-events': 'Marks a lead e-mail that SES reports',
      ...Object.fromEntries(
        Object.entries(SCHEDULED_JOBS).map(([name, job]) => [name, job.description]),
      ),
    };
    for (const [name, description] of Object.entries(described)) {
      const fn =
        name === 'mail-events'
          ? functionByDescription(ops(), description)
          : functionByDescription(s().template, description);
      const configs = resourcesOf(s().whole, 'AWS::Lambda::EventInvokeConfig').filter(
        (c) => JSON.stringify(c.props.FunctionName) === JSON.stringify(ref(fn.id)),
      );
      expect(configs, name).toHaveLength(1);
      const destination = (
        configs[0]?.props.DestinationConfig as { OnFailure: { Destination: unknown } }
      ).OnFailure.Destination as { 'Fn::GetAtt': [string, string] };
      const queueId = destination['Fn::GetAtt'][0];
      expect(ops().toJSON().Resources[queueId].Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      });
      expect(a.get(`${name} failed`), name).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: getAtt(queueId, 'QueueName') }],
        Threshold: 1,
      });
      expect(a.get(`${name} failure older than 1 day`), name).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
        Dimensions: [{ Name: 'QueueName', Value: getAtt(queueId, 'QueueName') }],
        Threshold: QUEUE_AGE_ALARM.toSeconds(),
      });
    }
  });

  it('alarms when a scheduled job stops running, counting no data as not running', () => {
    const a = alarms(st());
    for (const [name, job] of Object.entries(SCHEDULED_JOBS)) {
      const fn = functionByDescription(s().template, job.description);
      const alarm = a.get(`${name} not running`);
      const [dimension] = alarm?.Dimensions as { Value: unknown }[];
      expect(dimension?.Value).toEqual(ref(fn.id));
      expect(alarm, name).toMatchObject({
        MetricName: 'Invocations',
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        TreatMissingData: 'breaching',
        Period: Math.max(5, job.interval.toMinutes() * 2) * 60,
      });
    }
  });

  it('alarms on lead deliveries pending after 30 minutes, SES bounces and complaints, and DynamoDB throttles', () => {
    const a = alarms(st());
    expect(a.get('Lead deliveries overdue')).toMatchObject({
      Namespace: `Agency/${s().stack.stackName}`,
      MetricName: 'LeadDeliveriesPendingOver30Min',
      Statistic: 'Maximum',
      Threshold: 1,
    });
    expect(a.get('Lead reminder not sent')).toMatchObject({
      Namespace: `Agency/${s().stack.stackName}`,
      MetricName: 'LeadRemindersFailed',
      Statistic: 'Sum',
      Threshold: 1,
    });
    const configurationSet = resourcesOf(s().template, 'AWS::SES::ConfigurationSet');
    expect(configurationSet).toHaveLength(1);
    for (const type of ['Bounce', 'Complaint']) {
      const alarm = a.get(`Mail ${type === 'Bounce' ? 'bounced' : 'complaint'}`);
      expect(alarm).toMatchObject({ Namespace: 'AWS/SES', MetricName: type });
      const [dimension] = alarm?.Dimensions as { Name: string; Value: unknown }[];
      expect(dimension?.Name).toBe('ses:configuration-set');
      expect(dimension?.Value).toEqual(ref(configurationSet[0]?.id ?? ''));
    }
    for (const kind of ['read', 'write']) {
      const metrics = a.get(`DynamoDB ${kind} throttles`)?.Metrics as {
        MetricStat?: { Metric: { MetricName: string } };
      }[];
      const names = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
      expect(names).toHaveLength(resourcesOf(s().template, 'AWS::DynamoDB::Table').length);
      expect(new Set(names)).toEqual(
        new Set([`${kind === 'read' ? 'Read' : 'Write'}ThrottleEvents`]),
      );
    }
  });

  it('sends every e-mail through the configuration set, which publishes bounces and complaints to the worker that marks the lead', () => {
    const [configurationSet] = resourcesOf(s().template, 'AWS::SES::ConfigurationSet');
    s().template.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: ref(configurationSet?.id ?? '') },
    });
    const destinations = [
      ...resourcesOf(s().template, 'AWS::SES::ConfigurationSetEventDestination'),
      ...resourcesOf(ops(), 'AWS::SES::ConfigurationSetEventDestination'),
    ];
    const toSns = destinations.find(
      (d) => (d.props.EventDestination as { SnsDestination?: unknown }).SnsDestination,
    );
    expect(toSns?.props.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: ['bounce', 'complaint'],
    });
    const topic = (
      toSns?.props.EventDestination as { SnsDestination: { TopicARN: { Ref: string } } }
    ).SnsDestination.TopicARN.Ref;
    const worker = functionByDescription(ops(), 'Marks a lead e-mail that SES reports');
    ops().hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: ref(topic),
      Endpoint: getAtt(worker.id, 'Arn'),
    });
    expect(
      destinations.some(
        (d) =>
          (d.props.EventDestination as { CloudWatchDestination?: unknown }).CloudWatchDestination,
      ),
    ).toBe(true);
  });

  it('gives every function the namespace of the business metrics', () => {
    for (const fn of watchedFunctions(st()))
      expect(fn.props.Environment, String(fn.props.Description)).toMatchObject({
        Variables: { METRICS_NAMESPACE: `Agency/${s().stack.stackName}` },
      });
  });

  it('has a monthly budget that notifies the alarm topic', () => {
    const topic = alarmTopic(st());
    ops().hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: {
          Amount: stage === 'prod' ? 250 : DEFAULT_MONTHLY_BUDGET_USD.dev,
          Unit: 'USD',
        },
      },
      NotificationsWithSubscribers: [
        {
          Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }),
          Subscribers: [{ SubscriptionType: 'SNS', Address: ref(topic) }],
        },
        {
          Notification: Match.objectLike({ NotificationType: 'FORECASTED', Threshold: 100 }),
          Subscribers: [{ SubscriptionType: 'SNS', Address: ref(topic) }],
        },
      ],
    });
    ops().hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sns:Publish',
            Principal: { Service: 'budgets.amazonaws.com' },
          }),
        ]),
      },
    });
  });

  it('has a dashboard with the alarms, the API, the business figures, the functions, the jobs and the tables', () => {
    const [dashboard] = resourcesOf(ops(), 'AWS::CloudWatch::Dashboard');
    expect(dashboard?.props.DashboardName).toBe(s().stack.stackName);
    const body = JSON.stringify(dashboard?.props.DashboardBody);
    for (const title of [
      'Alarms',
      'API 5xx rate (%)',
      'API latency (ms)',
      'Leads and spam (per hour)',
      'Posts published (per hour)',
      'Sign-ins failed (per hour)',
      'Lead deliveries',
      'API function errors',
      'Background function errors',
      'Function throttles',
      'Oldest failed invocation (hours)',
      'Scheduled job runs',
      'Failed asynchronous invocations (queued)',
      'DynamoDB throttles',
    ])
      expect(body).toContain(JSON.stringify(title).slice(1, -1));
    for (const metric of ['LeadsReceived', 'SpamHeld', 'PostsPublished', 'SignInsFailed'])
      expect(body).toContain(metric);
  });

  it('lists every alarm with what it means for deploy:check', () => {
    const listed = alarmsOf(ops().toJSON());
    expect(listed).toHaveLength(alarms(st()).size);
    expect(listed).toContain(
      `${s().stack.stackName} Lead deliveries overdue: ${String(alarms(st()).get('Lead deliveries overdue')?.AlarmDescription)}`,
    );
  });
});

describe('prod without alarm e-mails', () => {
  it('fails to synthesise, naming the setting', () => {
    expect(() => synthStage('prod', { alarmEmails: '' })).toThrow(
      /Missing prod configuration: alarmEmails \(-c alarmEmails=/,
    );
  });
});
