import { triggerFunction } from '@agency/lambdas/functions';
import { CfnResource, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import { acknowledge, nagArnOf } from '../nag';
import { ACCESS_LOG_READ, NOT_FOUND_LOG_GRANTS } from '../grants';
import { AgencyFunction, retentionOf } from './agency-function';

const RECORD_NOT_FOUND = triggerFunction('record-not-found');

export interface NotFoundLogProps {
  /** The bucket CloudFront writes its standard logs to (under ACCESS_LOG_READ.prefix). */
  accessLogs: s3.IBucket;
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The 404 log's job: the access-log bucket invokes it (S3 event notification, asynchronously) for
 * each CloudFront log file it receives, and it counts the file's 404s of site addresses into the
 * log. It may read those log files and write the log's items, nothing else. The stage's monitoring
 * gives it a failure queue and counts its errors.
 */
export class NotFoundLog extends Construct {
  readonly fn: AgencyFunction;

  constructor(scope: Construct, id: string, props: NotFoundLogProps) {
    super(scope, id);
    this.fn = new AgencyFunction(this, 'RecordFunction', {
      bundle: RECORD_NOT_FOUND.name,
      description:
        "Counts the 404s of site addresses in each CloudFront access-log file into the admin's 404 log.",
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.fn, NOT_FOUND_LOG_GRANTS, props.targets);
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...ACCESS_LOG_READ.actions],
        resources: [props.accessLogs.arnForObjects(`${ACCESS_LOG_READ.prefix}*`)],
      }),
    );
    if (this.fn.role)
      acknowledge(
        this.fn.role,
        `AwsSolutions-IAM5[Resource::${nagArnOf(props.accessLogs, this.fn)}/${ACCESS_LOG_READ.prefix}*]`,
        'CloudFront names each log file itself (distribution id, hour, a unique id); reading is limited to its prefix.',
      );
    props.accessLogs.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new s3n.LambdaDestination(this.fn),
      { prefix: ACCESS_LOG_READ.prefix, suffix: '.gz' },
    );
    // CDK's own singleton function that writes the bucket's notification configuration at deploy.
    const handler = Stack.of(this).node.children.find((c) =>
      c.node.id.startsWith('BucketNotificationsHandler'),
    );
    if (!handler) return;
    // Its logs go to a group of ours with the stage's retention (as the deployment handler's do),
    // not to one Lambda would make on its first run and keep for ever.
    const resource = handler.node.tryFindChild('Resource');
    if (resource instanceof CfnResource) {
      const group = new logs.LogGroup(this, 'NotificationsHandlerLogs', {
        retention: retentionOf(props.logRetentionDays),
        removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      resource.addPropertyOverride('LoggingConfig', { LogGroup: group.logGroupName });
    }
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "CDK's bucket notifications handler: sets the access-log bucket's event notification at deploy; its role is CDK's choice.",
    );
  }
}
