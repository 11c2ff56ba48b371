import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import { contract } from '@agency/shared';
import { SPECULATION_RULES_CONTENT_TYPE } from '@agency/shared/edge';
import { Construct } from 'constructs';
import { acknowledge, nagArnOf, nagEnvOf } from '../nag';

/** Title of the canary's alarm (its name is `<stack> <title>`): a rollback trigger of the stack too. */
export const CANARY_ALARM_TITLE = 'Canary success';

/** The newest Node Synthetics runtime this aws-cdk-lib knows. */
export const CANARY_RUNTIME = synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_13_0;

/** How often the canary runs. */
export const CANARY_RATE = Duration.minutes(5);

/** Days the canary's screenshots, logs and reports are kept. */
export const CANARY_ARTIFACT_DAYS = 30;

/**
 * The paths the checks visit besides the home page, what it names and the sitemap's first post,
 * and the media type the speculation rules must have (smoke.ts uses the same).
 */
export const CANARY_PATHS = {
  captchaPath: contract.getCaptchaChallenge.path,
  signInPath: '/creative-login',
  speculationRulesType: SPECULATION_RULES_CONTENT_TYPE,
} as const;

const CHECKS_FILE = createRequire(import.meta.url).resolve('../canary/smoke-checks.cjs');

/**
 * The canary's code: smoke-checks.cjs as it is, and a handler that reports each check as a step
 * of the run (its pass or failure, in the console's steps) and fails the run when one failed.
 */
export function canaryCode(): string {
  return [
    readFileSync(CHECKS_FILE, 'utf8'),
    `const synthetics = require('Synthetics');`,
    `const log = require('SyntheticsLogger');`,
    `const PATHS = ${JSON.stringify(CANARY_PATHS)};`,
    `module.exports.handler = async () => {`,
    `  const results = await smokeChecks(process.env.SITE_URL, PATHS);`,
    `  const quiet = { screenshotOnStepStart: false, screenshotOnStepSuccess: false, screenshotOnStepFailure: false };`,
    `  for (const result of results) {`,
    `    log.info(JSON.stringify(result));`,
    `    await synthetics.executeStep(result.name, async () => {`,
    `      if (!result.ok) throw new Error(result.url + ': ' + result.detail);`,
    `    }, quiet).catch(() => undefined);`,
    `  }`,
    `  const failed = results.filter((r) => !r.ok);`,
    `  if (failed.length > 0) throw new Error(failed.map((r) => r.name + ': ' + r.detail).join('; '));`,
    `};`,
    '',
  ].join('\n');
}

export interface SiteCanaryProps {
  /** The stage's public address (`https://…`). */
  siteUrl: string;
  /** The stage's alarm topic. */
  topic: sns.ITopic;
  /** `<stack> Canary success` names the alarm. */
  stackName: string;
  protectData: boolean;
}

/**
 * A CloudWatch Synthetics canary every 5 minutes through the home page (with its script and
 * speculation rules), a blog post, the enquiry challenge and the sign-in page (the same checks
 * `npm run deploy` runs after a deploy), alarmed to the stage's topic when two runs in a row fail;
 * its artifacts in an encrypted bucket that forgets them after 30 days.
 */
export class SiteCanary extends Construct {
  readonly canary: synthetics.Canary;
  readonly alarm: cloudwatch.Alarm;
  readonly artifacts: s3.Bucket;

  constructor(scope: Construct, id: string, props: SiteCanaryProps) {
    super(scope, id);
    this.artifacts = new s3.Bucket(this, 'Artifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ expiration: Duration.days(CANARY_ARTIFACT_DAYS) }],
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.protectData,
    });
    acknowledge(
      this.artifacts,
      'AwsSolutions-S1',
      'Screenshots and reports the canary writes for 30 days: only the canary role writes them, and no one needs an access log of that.',
    );
    this.canary = new synthetics.Canary(this, 'Canary', {
      runtime: CANARY_RUNTIME,
      test: synthetics.Test.custom({
        code: synthetics.Code.fromInline(canaryCode()),
        handler: 'index.handler',
      }),
      schedule: synthetics.Schedule.rate(CANARY_RATE),
      environmentVariables: { SITE_URL: props.siteUrl },
      artifactsBucketLocation: { bucket: this.artifacts, prefix: 'runs' },
      artifactS3EncryptionMode: synthetics.ArtifactsEncryptionMode.S3_MANAGED,
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(CANARY_ARTIFACT_DAYS),
      timeout: Duration.minutes(1),
      provisionedResourceCleanup: true,
    });
    // The service role CDK gives a canary: what the Synthetics runtime itself needs.
    const { partition, region, account } = nagEnvOf(this);
    for (const [resource, reason] of [
      [
        '*',
        'The Synthetics runtime lists buckets (s3:ListAllMyBuckets has no resource) and puts its metrics (cloudwatch:PutMetricData, held to the CloudWatchSynthetics namespace by a condition).',
      ],
      [
        `${nagArnOf(this.artifacts)}/runs/*`,
        'The canary writes each run’s screenshots and reports under its own prefix of its own bucket.',
      ],
      [
        `arn:${partition}:logs:${region}:${account}:log-group:/aws/lambda/cwsyn-*`,
        'The canary’s function is named by Synthetics (cwsyn-<name>-<id>) when it is created, so its log group is known only by that prefix.',
      ],
    ] as const)
      acknowledge(this.canary.role, `AwsSolutions-IAM5[Resource::${resource}]`, reason);
    this.alarm = new cloudwatch.Alarm(this, 'Alarm', {
      alarmName: `${props.stackName} ${CANARY_ALARM_TITLE}`,
      alarmDescription:
        'Two canary runs in a row failed a step (home page, blog post, enquiry challenge or sign-in page). Open the canary in CloudWatch Synthetics: the failed step names the page and its HTTP status; README, Operations, says what to do.',
      metric: this.canary.metricSuccessPercent({ period: CANARY_RATE }),
      threshold: 100,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      // No run at all (the canary stopped) is as bad as a failed one.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });
    this.alarm.addAlarmAction(new actions.SnsAction(props.topic));
    this.alarm.addOkAction(new actions.SnsAction(props.topic));
  }
}
