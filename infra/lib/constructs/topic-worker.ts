import { RemovalPolicy } from 'aws-cdk-lib';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import type { FunctionGrants } from '../grants';
import { AgencyFunction } from './agency-function';

export interface TopicWorkerProps {
  /** The bundle it runs (a trigger of `@agency/lambdas/functions`). */
  bundle: string;
  description: string;
  grants: FunctionGrants;
  targets: GrantTargets;
  topic: sns.ITopic;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * A function SNS invokes (asynchronously) with each message of `topic`: its bundle, its grants and
 * the subscription. The stage's monitoring gives such a function an on-failure queue.
 */
export function topicWorker(scope: Construct, id: string, props: TopicWorkerProps): AgencyFunction {
  const fn = new AgencyFunction(scope, id, {
    bundle: props.bundle,
    description: props.description,
    logRetentionDays: props.logRetentionDays,
    removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    environment: { LOG_LEVEL: 'info' },
  });
  applyGrants(fn, props.grants, props.targets);
  props.topic.addSubscription(new subscriptions.LambdaSubscription(fn));
  return fn;
}
