import type { RollbackConfiguration, Stack } from '@aws-sdk/client-cloudformation';
import { describe, expect, it } from 'vitest';
import {
  ensureRollbackTriggers,
  ROLLBACK_MONITORING_MINUTES,
  rollbackAlarmNames,
  rollbackConfigurationOf,
  sameRollbackConfiguration,
  type StackApi,
} from '../scripts/rollback-triggers';

const WHERE = { region: 'eu-west-1', account: '123456789012' };

/** A stand-in for CloudFormation: one stack that keeps the configuration it was last given. */
function fakeStack(initial?: RollbackConfiguration) {
  const stack: Stack = {
    StackName: 'AgencySite-prod',
    CreationTime: new Date(0),
    StackStatus: 'UPDATE_COMPLETE',
    ...(initial ? { RollbackConfiguration: initial } : {}),
  };
  const updates: RollbackConfiguration[] = [];
  const api: StackApi = {
    describe: (name) =>
      name === stack.StackName
        ? Promise.resolve(structuredClone(stack))
        : Promise.reject(new Error(`${name} does not exist`)),
    update: (_, configuration) => {
      updates.push(configuration);
      stack.RollbackConfiguration = configuration;
      return Promise.resolve();
    },
  };
  return { api, updates };
}

describe('the stack’s rollback triggers', () => {
  it('name the API 5xx alarm in every stage and the canary’s in prod', () => {
    expect(rollbackAlarmNames('dev', 'AgencySite-dev')).toEqual(['AgencySite-dev API 5xx rate']);
    const wanted = rollbackConfigurationOf(rollbackAlarmNames('prod', 'AgencySite-prod'), WHERE);
    expect(wanted).toEqual({
      MonitoringTimeInMinutes: ROLLBACK_MONITORING_MINUTES,
      RollbackTriggers: [
        {
          Arn: 'arn:aws:cloudwatch:eu-west-1:123456789012:alarm:AgencySite-prod API 5xx rate',
          Type: 'AWS::CloudWatch::Alarm',
        },
        {
          Arn: 'arn:aws:cloudwatch:eu-west-1:123456789012:alarm:AgencySite-prod Canary success',
          Type: 'AWS::CloudWatch::Alarm',
        },
      ],
    });
  });

  it('are set once on a stack without them, and left alone after that', async () => {
    const wanted = rollbackConfigurationOf(rollbackAlarmNames('prod', 'AgencySite-prod'), WHERE);
    const { api, updates } = fakeStack();
    expect(await ensureRollbackTriggers(api, 'AgencySite-prod', wanted)).toBe('updated');
    expect(await ensureRollbackTriggers(api, 'AgencySite-prod', wanted)).toBe('unchanged');
    expect(updates).toEqual([wanted]);
    await expect(ensureRollbackTriggers(api, 'AgencySite-dev', wanted)).rejects.toThrow(
      /does not exist/,
    );
  });

  it('leave a deployed stack deployed when CloudFormation will not take the triggers alone', async () => {
    const wanted = rollbackConfigurationOf(rollbackAlarmNames('prod', 'AgencySite-prod'), WHERE);
    const { api } = fakeStack();
    const refusing: StackApi = {
      ...api,
      update: () =>
        Promise.reject(
          Object.assign(new Error('No updates are to be performed.'), { name: 'ValidationError' }),
        ),
    };
    expect(await ensureRollbackTriggers(refusing, 'AgencySite-prod', wanted)).toBe('refused');
    const failing: StackApi = {
      ...api,
      update: () => Promise.reject(new Error('User is not authorized to perform UpdateStack')),
    };
    await expect(ensureRollbackTriggers(failing, 'AgencySite-prod', wanted)).rejects.toThrow(
      /not authorized/,
    );
  });

  it('are reset when an alarm or the monitoring time differs, whatever their order', () => {
    const wanted = rollbackConfigurationOf(['a', 'b'], WHERE);
    expect(sameRollbackConfiguration(rollbackConfigurationOf(['b', 'a'], WHERE), wanted)).toBe(
      true,
    );
    expect(sameRollbackConfiguration(rollbackConfigurationOf(['a'], WHERE), wanted)).toBe(false);
    expect(sameRollbackConfiguration({ ...wanted, MonitoringTimeInMinutes: 0 }, wanted)).toBe(
      false,
    );
    expect(sameRollbackConfiguration(undefined, wanted)).toBe(false);
  });
});
