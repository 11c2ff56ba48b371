import { triggerFunction } from '@agency/lambdas/functions';
import { ENV_NAMES } from '@agency/shared';
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { AgencyFunction } from './agency-function';

const ROTATE = triggerFunction('rotate-origin-secret');

/** Days between two rotations of the origin secret. */
export const ORIGIN_ROTATION_DAYS = 30;

export interface OriginRotationProps {
  secret: secretsmanager.Secret;
  distribution: cloudfront.IDistribution;
  /** The distribution's WAF web ACL, when it has one. */
  webAclArn?: string;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The origin secret's automatic rotation: Secrets Manager runs `rotate-origin-secret` every
 * ORIGIN_ROTATION_DAYS days (lambdas/src/modules/system/domain/origin-rotation.ts): the next value
 * pending, which the functions let in at their next read; past their 5-minute cache, CloudFront's
 * origin header; once CloudFront has deployed it, the old value dropped. The function may change
 * that secret (CDK's rotation grants) and read and update that one distribution.
 */
export class OriginRotation extends Construct {
  readonly fn: AgencyFunction;

  constructor(scope: Construct, id: string, props: OriginRotationProps) {
    super(scope, id);
    this.fn = new AgencyFunction(this, 'RotateFunction', {
      bundle: ROTATE.name,
      description:
        "Rotates the origin secret: the next value pending, then CloudFront's origin header, then the old value dropped.",
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // setSecret waits past the functions' 5-minute cache (6 min) and finishSecret up to 8 min for
      // CloudFront to deploy: each step well inside Lambda's 15 minutes.
      timeout: Duration.minutes(15),
      environment: {
        LOG_LEVEL: 'info',
        [ENV_NAMES.distributionId]: props.distribution.distributionId,
      },
    });
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'cloudfront:GetDistribution',
          'cloudfront:GetDistributionConfig',
          'cloudfront:UpdateDistribution',
        ],
        resources: [
          `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distribution.distributionId}`,
        ],
      }),
    );
    // CloudFront checks that whoever updates a distribution may read its web ACL ("Unable to verify
    // read permissions on Web ACL", InvalidWebACLId), even when the update leaves the ACL as it is.
    if (props.webAclArn)
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['wafv2:GetWebACL'], resources: [props.webAclArn] }),
      );
    props.secret.addRotationSchedule('Rotation', {
      rotationLambda: this.fn,
      automaticallyAfter: Duration.days(ORIGIN_ROTATION_DAYS),
      // The first rotation comes on schedule, not at the deploy that creates the schedule.
      rotateImmediatelyOnUpdate: false,
    });
    if (this.fn.role)
      acknowledge(
        this.fn.role,
        'AwsSolutions-IAM5[Resource::*]',
        'secretsmanager:GetRandomPassword (the next value) has no resource to scope it to; every other action names the secret or the distribution.',
      );
  }
}
