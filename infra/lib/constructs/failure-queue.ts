import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/**
 * Give a function invoked asynchronously (by EventBridge, SNS, or `InvocationType: Event`) an
 * on-failure destination: an encrypted SQS queue, made in `scope`, that keeps each failed event
 * with its error for 14 days, so nothing fails unseen (alarms watch the queue's depth and its
 * oldest message) and an operator can read what failed. `retryAttempts` is Lambda's own retries
 * before that (0 for a scheduled job, whose next run is the retry).
 *
 * Lambda checks the function's execution role when the destination is set, so the role itself
 * must allow sqs:SendMessage on the queue (the queue's resource policy alone fails the deploy).
 * That policy is made here in `scope`, beside the queue: the queue lives in the operations nested
 * stack, which already depends on the function, so the function's stack must not depend on the
 * queue. The invoke config waits for the policy.
 */
export function addFailureQueue(
  scope: Construct,
  id: string,
  fn: lambda.Function,
  retryAttempts: number,
): sqs.Queue {
  const queue = new sqs.Queue(scope, `${id}Failures`, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(
    queue,
    'AwsSolutions-SQS3',
    "This queue is a function's on-failure destination (a dead-letter queue itself): nothing consumes it, alarms watch its depth and age.",
  );
  const role = fn.role;
  if (!role) throw new Error(`${fn.node.path} has no role`);
  queue.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ArnPrincipal(role.roleArn)],
      actions: ['sqs:SendMessage'],
      resources: [queue.queueArn],
    }),
  );
  const send = new iam.Policy(scope, `${id}FailuresSend`, {
    roles: [role],
    statements: [
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    ],
  });
  const invokeConfig = new lambda.EventInvokeConfig(scope, `${id}AsyncInvoke`, {
    function: fn,
    onFailure: { bind: () => ({ destination: queue.queueArn }) },
    retryAttempts,
    maxEventAge: Duration.hours(6),
  });
  invokeConfig.node.addDependency(send);
  return queue;
}
