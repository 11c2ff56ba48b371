import { CfnResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as triggers from 'aws-cdk-lib/triggers';
import { jobFunction, type JobName } from '@agency/lambdas/functions';
import type { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import type { FunctionGrants } from '../grants';
import { acknowledge, nagArnOf } from '../nag';
import { AgencyFunction, retentionOf } from './agency-function';

/** A deploy-time job runs within one Lambda invocation, which lasts at most this long. */
export const DEPLOY_JOB_TIMEOUT = Duration.minutes(15);

export interface DeployJobProps {
  job: JobName;
  /** Construct ids of the function and its trigger (kept as they are: a new id replaces them). */
  functionId: string;
  triggerId: string;
  description: string;
  grants: FunctionGrants;
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/** A job CloudFormation runs during a deploy: its function and the CDK Trigger that invokes it. */
export interface DeployJob {
  fn: AgencyFunction;
  trigger: triggers.Trigger;
}

/**
 * Add a deploy-time job to `scope`: the function of the job's bundle with its grants, and a Trigger
 * that runs it when it is created and whenever the job's code or configuration changes (it follows
 * the function's current version), so every deploy that ships new code runs it once; the jobs are
 * idempotent. The stack's trigger provider must then be configured once (configureTriggerProvider).
 */
export function addDeployJob(scope: Construct, props: DeployJobProps): DeployJob {
  const fn = new AgencyFunction(scope, props.functionId, {
    bundle: jobFunction(props.job).name,
    description: props.description,
    logRetentionDays: props.logRetentionDays,
    removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    timeout: DEPLOY_JOB_TIMEOUT,
    environment: { LOG_LEVEL: 'info' },
  });
  applyGrants(fn, props.grants, props.targets);
  return { fn, trigger: runAtDeploy(scope, props.triggerId, fn) };
}

/**
 * A Trigger in `scope` that runs `fn` when it is created and whenever its code or configuration
 * changes: a deploy job's, or a scheduled job's that also runs at deploys (`atDeploy`).
 */
export function runAtDeploy(scope: Construct, id: string, fn: AgencyFunction): triggers.Trigger {
  return new triggers.Trigger(scope, id, {
    handler: fn,
    executeOnHandlerChange: true,
    invocationType: triggers.InvocationType.REQUEST_RESPONSE,
    timeout: DEPLOY_JOB_TIMEOUT,
  });
}

/**
 * CDK's trigger provider is a singleton function of the stack: give it a log group (in `scope`) with
 * the stage's retention, like every function here, and acknowledge what cdk-nag finds in CDK's
 * code, among it the invocation of each job's current version.
 */
export function configureTriggerProvider(
  scope: Construct,
  props: { protectData: boolean; logRetentionDays: number },
  jobs: readonly DeployJob[],
): void {
  const provider = Stack.of(scope).node.tryFindChild(
    'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider',
  );
  if (!provider) throw new Error('the CDK trigger provider was not created');
  const handler = provider.node.tryFindChild('Handler');
  if (!(handler instanceof CfnResource)) throw new Error('the CDK trigger provider has no Handler');
  const logGroup = new logs.LogGroup(scope, 'TriggerProviderLogs', {
    retention: retentionOf(props.logRetentionDays),
    removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
  const reason =
    "CDK's trigger provider: invokes the deploy-time jobs once per deploy; its role and runtime are CDK's.";
  acknowledge(
    provider,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason,
  );
  for (const job of jobs)
    acknowledge(
      provider,
      `AwsSolutions-IAM5[Resource::${nagArnOf(job.fn)}:*]`,
      `The trigger invokes the current version of ${job.fn.bundle}, whose ARN ends in :<version>.`,
    );
  acknowledge(provider, 'AwsSolutions-L1', reason);
}
