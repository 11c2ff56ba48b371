import { API_LIMITS, contract, operationNames } from '@agency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { stageConfigSchema } from '../lib/config';
import {
  API_THROTTLED_ALARM,
  API_THROTTLED_METRIC,
  QUEUE_AGE_ALARM,
} from '../lib/constructs/monitoring';
import { fakeWebBuild, SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf, statementsOf } from './template';

/**
 * The API's limits per throttle class, the 429 alarm and the failure destinations' grants, read
 * from the synthesised prod template.
 */
let prod: Synthesized;
beforeAll(() => {
  prod = synthStage('prod', { web: fakeWebBuild() });
}, SYNTH_TIMEOUT_MS);

const limitSchema = z.object({ ThrottlingRateLimit: z.number(), ThrottlingBurstLimit: z.number() });
const stageSchema = z.object({
  StageName: z.string(),
  DefaultRouteSettings: limitSchema,
  RouteSettings: z.record(z.string(), limitSchema),
});

function theStage() {
  const [stage] = resourcesOf(prod.whole, 'AWS::ApiGatewayV2::Stage');
  if (!stage) throw new Error('no API stage');
  return { ...stage, settings: stageSchema.parse(stage.props) };
}

describe('API limits per throttle class (prod)', () => {
  it('caps the stage at the default and no class above it', () => {
    const { settings } = theStage();
    expect(settings.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: API_LIMITS.prod.cap.rateLimit,
      ThrottlingBurstLimit: API_LIMITS.prod.cap.burstLimit,
    });
    for (const limit of Object.values(settings.RouteSettings)) {
      expect(limit.ThrottlingRateLimit).toBeLessThanOrEqual(API_LIMITS.prod.cap.rateLimit);
      expect(limit.ThrottlingBurstLimit).toBeLessThanOrEqual(API_LIMITS.prod.cap.burstLimit);
    }
  });

  it("gives every contract operation's route its class's limits", () => {
    const { settings } = theStage();
    for (const name of operationNames) {
      const op = contract[name];
      const limit = API_LIMITS.prod.classes[op.throttle];
      expect(settings.RouteSettings[`${op.method} ${op.path}`], name).toEqual({
        ThrottlingRateLimit: limit.rateLimit,
        ThrottlingBurstLimit: limit.burstLimit,
      });
    }
  });

  it('limits every route of the API, the pages as public reads, and the stage waits for the routes', () => {
    const stage = theStage();
    const routes = resourcesOf(prod.whole, 'AWS::ApiGatewayV2::Route');
    const operationKeys = new Set(
      operationNames.map((n) => `${contract[n].method} ${contract[n].path}`),
    );
    const publicRead = {
      ThrottlingRateLimit: API_LIMITS.prod.classes['public-read'].rateLimit,
      ThrottlingBurstLimit: API_LIMITS.prod.classes['public-read'].burstLimit,
    };
    const dependsOn = z.array(z.string()).parse(stage.raw.DependsOn ?? []);
    let pages = 0;
    for (const route of routes) {
      const key = z.string().parse(route.props.RouteKey);
      expect(stage.settings.RouteSettings[key], key).toBeDefined();
      if (!operationKeys.has(key)) {
        pages += 1;
        expect(stage.settings.RouteSettings[key], key).toEqual(publicRead);
      }
      expect(dependsOn, key).toContain(route.id);
    }
    expect(pages).toBeGreaterThan(0);
    expect(Object.keys(stage.settings.RouteSettings)).toHaveLength(routes.length);
  });

  it('refuses a class above the cap', () => {
    const valid = { ...API_LIMITS.prod };
    expect(stageConfigSchema.shape.apiLimits.safeParse(valid).success).toBe(true);
    const over = {
      ...valid,
      classes: { ...valid.classes, counting: { rateLimit: 101, burstLimit: 200 } },
    };
    expect(stageConfigSchema.shape.apiLimits.safeParse(over).success).toBe(false);
  });

  it('counts 429 answers from the access log and alarms on a sustained rate', () => {
    const [filter, ...others] = resourcesOf(prod.whole, 'AWS::Logs::MetricFilter').filter((f) =>
      JSON.stringify(f.props.MetricTransformations).includes(API_THROTTLED_METRIC),
    );
    expect(others).toHaveLength(0);
    expect(filter?.props.FilterPattern).toBe('{ $.status = "429" }');
    const [stage] = resourcesOf(prod.whole, 'AWS::ApiGatewayV2::Stage');
    const destination = JSON.stringify(
      (stage?.props.AccessLogSettings as { DestinationArn?: unknown } | undefined)?.DestinationArn,
    );
    const logGroup = JSON.stringify(filter?.props.LogGroupName);
    const logGroupId = /"Ref":"([^"]+)"/.exec(logGroup)?.[1];
    expect(logGroupId).toBeDefined();
    expect(destination).toContain(`"${logGroupId}"`);
    const alarm = resourcesOf(prod.whole, 'AWS::CloudWatch::Alarm').find((a) =>
      String(a.props.AlarmName).endsWith(' API throttled'),
    );
    expect(alarm?.props).toMatchObject({
      MetricName: API_THROTTLED_METRIC,
      Threshold: API_THROTTLED_ALARM,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
  });
});

describe('failure destinations', () => {
  it("every function's role may send to exactly its on-failure queue, set once the policy is", () => {
    const configs = resourcesOf(prod.whole, 'AWS::Lambda::EventInvokeConfig');
    expect(configs.length).toBeGreaterThan(5);
    const policies = new Map(resourcesOf(prod.whole, 'AWS::IAM::Policy').map((p) => [p.id, p]));
    for (const config of configs) {
      const fnId = z.object({ Ref: z.string() }).parse(config.props.FunctionName).Ref;
      const destination = z
        .object({
          OnFailure: z.object({
            Destination: z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.literal('Arn')]) }),
          }),
        })
        .parse(config.props.DestinationConfig).OnFailure.Destination;
      const queueId = destination['Fn::GetAtt'][0];
      // The execution role (identity policy), not only the queue's resource policy: Lambda
      // checks the role when the destination is set.
      const grants = statementsOf(prod.whole, fnId).filter(
        (s) => s.Effect === 'Allow' && s.actions.includes('sqs:SendMessage'),
      );
      expect(grants, `${fnId} → ${queueId}`).toHaveLength(1);
      expect(grants[0]?.Resource, fnId).toEqual(destination);
      const dependsOn = z.array(z.string()).parse(config.raw.DependsOn ?? []);
      const waitsFor = dependsOn.filter((id) =>
        JSON.stringify(policies.get(id)?.props.PolicyDocument ?? '').includes(queueId),
      );
      expect(waitsFor, fnId).toHaveLength(1);
    }
  });

  it('alarms on each failure queue’s depth and on its oldest message', () => {
    const alarms = resourcesOf(prod.whole, 'AWS::CloudWatch::Alarm');
    for (const queue of resourcesOf(prod.whole, 'AWS::SQS::Queue').filter((q) =>
      resourcesOf(prod.whole, 'AWS::Lambda::EventInvokeConfig').some((c) =>
        JSON.stringify(c.props.DestinationConfig).includes(`"${q.id}"`),
      ),
    )) {
      const on = alarms.filter((a) =>
        JSON.stringify(a.props.Dimensions ?? null).includes(`"${queue.id}"`),
      );
      expect(on.map((a) => a.props.MetricName).sort(), queue.id).toEqual([
        'ApproximateAgeOfOldestMessage',
        'ApproximateNumberOfMessagesVisible',
      ]);
      const age = on.find((a) => a.props.MetricName === 'ApproximateAgeOfOldestMessage');
      expect(age?.props.Threshold).toBe(QUEUE_AGE_ALARM.toSeconds());
    }
  });
});
