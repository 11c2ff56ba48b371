/**
 * The stack's CloudFormation rollback triggers. The CDK CLI cannot pass a RollbackConfiguration,
 * but CloudFormation keeps the one last given to a stack and applies it to every later update
 * (CreateChangeSet without one included, which is how `cdk deploy` updates). So after a deploy,
 * `npm run deploy` compares the stack's triggers with these and, when they differ, sets them once
 * with an UpdateStack of the previous template; every later deploy then rolls back by itself when
 * an alarm fires during the update or in the monitoring minutes after it.
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateStackCommand,
  waitUntilStackUpdateComplete,
  type RollbackConfiguration,
  type Stack,
} from '@aws-sdk/client-cloudformation';
import type { Stage } from '../lib/config';
import { CANARY_ALARM_TITLE } from '../lib/constructs/canary';

/** Minutes CloudFormation watches the triggers after an update has deployed everything. */
export const ROLLBACK_MONITORING_MINUTES = 10;

/**
 * The alarms that roll a deploy back, by name (`<stack> <title>`, as Monitoring and the canary name
 * them): the API's 5xx rate in every stage, and prod's canary. CloudFront's 5xx alarms live in
 * us-east-1, which a stack's triggers cannot name; the smoke checks cover the edge.
 */
export function rollbackAlarmNames(stage: Stage, stackName: string): string[] {
  return [
    `${stackName} API 5xx rate`,
    ...(stage === 'prod' ? [`${stackName} ${CANARY_ALARM_TITLE}`] : []),
  ];
}

/** The RollbackConfiguration of those alarms in the stack's account and region. */
export function rollbackConfigurationOf(
  alarmNames: readonly string[],
  where: { partition?: string; region: string; account: string },
): RollbackConfiguration {
  return {
    MonitoringTimeInMinutes: ROLLBACK_MONITORING_MINUTES,
    RollbackTriggers: alarmNames.map((name) => ({
      Arn: `arn:${where.partition ?? 'aws'}:cloudwatch:${where.region}:${where.account}:alarm:${name}`,
      Type: 'AWS::CloudWatch::Alarm',
    })),
  };
}

/** Whether a stack's current configuration already is the wanted one (trigger order aside). */
export function sameRollbackConfiguration(
  current: RollbackConfiguration | undefined,
  wanted: RollbackConfiguration,
): boolean {
  const arns = (c: RollbackConfiguration | undefined) =>
    (c?.RollbackTriggers ?? []).map((t) => `${t.Type} ${t.Arn}`).sort();
  return (
    (current?.MonitoringTimeInMinutes ?? 0) === (wanted.MonitoringTimeInMinutes ?? 0) &&
    JSON.stringify(arns(current)) === JSON.stringify(arns(wanted))
  );
}

/** The slice of CloudFormationClient this needs (a test passes a stand-in for AWS). */
export interface StackApi {
  describe(stackName: string): Promise<Stack>;
  /** UpdateStack of the previous template and parameters with this configuration; resolves when complete. */
  update(stack: Stack, configuration: RollbackConfiguration): Promise<void>;
}

/** CloudFormation's refusal of an update that changes nothing it counts as a change. */
const NOTHING_TO_UPDATE = /No updates are to be performed/i;

/**
 * Set the stack's triggers when they differ from `wanted`; says what it did. Should CloudFormation
 * refuse an update whose only change is the triggers ("No updates are to be performed": not
 * verified against AWS here), the stack deployed all the same, so the deploy does not fail for it:
 * `refused` says the triggers are not set (README, Deploy from GitHub).
 */
export async function ensureRollbackTriggers(
  api: StackApi,
  stackName: string,
  wanted: RollbackConfiguration,
): Promise<'unchanged' | 'updated' | 'refused'> {
  const stack = await api.describe(stackName);
  if (sameRollbackConfiguration(stack.RollbackConfiguration, wanted)) return 'unchanged';
  try {
    await api.update(stack, wanted);
  } catch (error) {
    if (error instanceof Error && NOTHING_TO_UPDATE.test(error.message)) return 'refused';
    throw error;
  }
  return 'updated';
}

/** The StackApi of a real CloudFormation client. */
export function cloudFormationApi(client = new CloudFormationClient({})): StackApi {
  return {
    async describe(stackName) {
      const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
      const stack = Stacks?.[0];
      if (!stack) throw new Error(`${stackName} does not exist`);
      return stack;
    },
    async update(stack, configuration) {
      await client.send(
        new UpdateStackCommand({
          StackName: stack.StackName,
          UsePreviousTemplate: true,
          Parameters: (stack.Parameters ?? []).map((p) => ({
            ParameterKey: p.ParameterKey,
            UsePreviousValue: true,
          })),
          Capabilities: stack.Capabilities ?? [
            'CAPABILITY_IAM',
            'CAPABILITY_NAMED_IAM',
            'CAPABILITY_AUTO_EXPAND',
          ],
          // Without RoleARN CloudFormation uses the stack's own (CDK's cfn-exec role).
          RollbackConfiguration: configuration,
        }),
      );
      await waitUntilStackUpdateComplete(
        { client, maxWaitTime: 60 * 60 },
        { StackName: stack.StackName },
      );
    },
  };
}
